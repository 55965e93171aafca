import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, waitFor, waitUntilServing, type NodeProcess } from '@tip/platform/testing';

const processesMain = fileURLToPath(new URL('../dist/processes-main.js', import.meta.url));
const ADMIN = { email: 'ops@tip.local', password: 'ops-password-1' };

/** `npm run start:processes` on a scratch data directory. */
describe('a process per service', () => {
  let dataDir: string;
  let running: NodeProcess;
  let base: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tip-processes-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    running = spawnNode(processesMain, {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    await waitUntilServing(`${base}/api/ready`, running, 60_000);
  }, 90_000);
  afterAll(async () => {
    await running?.stop('SIGTERM', 30_000);
    await rm(dataDir, { recursive: true, force: true });
  }, 40_000);

  it('starts a service again after it was killed, and the platform answers through it as before', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const feed = () => fetch(`${base}/api/feed`, { headers: { cookie } }).then((response) => response.status);
    // Content's process may still be starting when the BFF is ready (it answers once identity does).
    await waitFor(async () => (await feed()) === 200, 30_000, 'the feed');

    const started = /"pids":(\{[^}]*\})/.exec(running.output());
    const pids = JSON.parse(started?.[1] ?? '{}') as Record<string, number>;
    expect(Object.keys(pids).sort()).toEqual([
      'bff',
      'content',
      'identity',
      'messaging',
      'moderation',
      'notifications',
      'wallet',
    ]);
    process.kill(pids.content as number, 'SIGKILL');
    await waitFor(() => /starting it again/.test(running.output()), 10_000, 'the restart');
    await waitFor(async () => (await feed()) === 200, 30_000, 'the feed again');
    expect(running.child.exitCode).toBeNull();
  }, 90_000);
});
