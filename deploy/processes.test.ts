// The distributed entry points, run as separate processes the way the containers run them (identity's and the BFF's
// dist/main.js), talking gRPC over the loopback network. Kafka, MongoDB and MinIO are not here, so each process keeps
// the embedded engines in a DATA_DIR of its own; Redis is real when the platform's test kit can start one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  freePort,
  redisEngine,
  spawnNode,
  waitUntilServing,
  type NodeProcess,
  type RunningEngine,
} from '@tip/platform/testing';

const root = fileURLToPath(new URL('..', import.meta.url));

const run = (entry: string, env: Record<string, string>) =>
  spawnNode(join(root, entry), { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env });

describe('identity and the BFF as separate processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-processes-'));
  let redis: RunningEngine | undefined;
  let identity: NodeProcess;
  let bff: NodeProcess;
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
    await waitUntilServing(`${url}/api/ready`, bff);
  });

  afterAll(async () => {
    await Promise.all([bff?.stop('SIGKILL'), identity?.stop('SIGKILL')]);
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
    expect(await Promise.all([bff.stop(), identity.stop()])).toEqual([0, 0]);
  });
});
