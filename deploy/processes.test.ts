// The distributed entry points, run as separate processes the way the containers run them (identity's and the BFF's
// dist/main.js), talking gRPC over the loopback network. Kafka, MongoDB and MinIO are not here, so each process keeps
// the embedded engines in a DATA_DIR of its own; Redis is real when the platform's test kit can start one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { redisEngine, type RunningEngine } from '@tip/platform/testing';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Process {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(entry: string, env: Record<string, string>): Process {
  const child = spawn(process.execPath, [join(root, entry)], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

async function until(check: () => Promise<boolean>, what: string, running: Process): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check().catch(() => false))) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what} did not happen:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('identity and the BFF as separate processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-processes-'));
  let redis: RunningEngine | undefined;
  let identity: Process;
  let bff: Process;
  let url: string;

  beforeAll(async () => {
    const resolution = await redisEngine();
    if ('start' in resolution) redis = await resolution.start();
    const grpcPort = await freePort();
    identity = run('services/identity/dist/main.js', {
      GRPC_PORT: String(grpcPort),
      DATA_DIR: join(dataDir, 'identity'),
      ADMIN_EMAIL: 'ops@tip.local',
      ADMIN_PASSWORD: 'ops-password-1',
    });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    bff = run('bff/dist/main.js', {
      PORT: String(port),
      IDENTITY_ADDR: `127.0.0.1:${grpcPort}`,
      SESSION_SECRET: 'a-distributed-session-secret-of-48-characters!!',
      DATA_DIR: join(dataDir, 'bff'),
      WEB_DIST: join(dataDir, 'no-web'),
      ...(redis && { REDIS_URL: redis.url }),
    });
    await until(async () => (await fetch(`${url}/api/ready`)).ok, 'the BFF reaching identity', bff);
  });

  afterAll(async () => {
    for (const running of [bff, identity]) if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers and signs in a member through the BFF process, stored by the identity process', async () => {
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#16a085' } })
      .png()
      .toBuffer();
    const form = new FormData();
    const member = { username: 'distribuita', email: 'd@example.it', password: 'segreto-9' };
    for (const [field, value] of Object.entries({
      ...member,
      confirmPassword: member.password,
      gender: 'male',
      orientation: 'gay',
    })) {
      form.set(field, value);
    }
    form.set('verificationPhoto', new Blob([photo], { type: 'image/png' }), 'me.png');
    expect((await fetch(`${url}/api/auth/register`, { method: 'POST', body: form })).status).toBe(201);

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ username: member.username, verificationStatus: 'pending' });
  });

  it('stops both processes cleanly on SIGTERM', async () => {
    bff.child.kill('SIGTERM');
    identity.child.kill('SIGTERM');
    expect(await bff.exited).toBe(0);
    expect(await identity.exited).toBe(0);
  });
});
