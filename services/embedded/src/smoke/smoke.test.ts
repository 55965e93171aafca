/** The deployment smoke test, run against the platform as `npm start` runs it (the built dist/main.js). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/testing';
import { runSmoke } from './smoke.js';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ADMIN = { email: 'smoke-admin@tip.local', password: 'smoke-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'tip-smoke-'));
let platform: NodeProcess;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...env } = process.env;
  // As installed: posts wait for a moderator (the smoke test approves its own).
  platform = spawnNode(main, {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`${base}/api/health`, platform, 30_000);
}, 40_000);

afterAll(async () => {
  await platform.stop('SIGTERM', 30_000);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run smoke', () => {
  it('walks a deployment through the members’ main journey and leaves nothing behind', async () => {
    const steps = await runSmoke({ baseUrl: base, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    expect(steps.map(({ step }) => step)).toEqual([
      'the platform answers',
      'the admin signs in',
      'two members register',
      'the admin approves both',
      'the first posts (approved by the admin if posts wait)',
      'the second likes it',
      'the second buys 10 credits with the demo card',
      'the second writes to the first (2 credits)',
      'the admin deletes both (cleaning up)',
    ]);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const users = (await (await fetch(`${base}/api/admin/users?search=smoke_`, { headers: { cookie } })).json()) as {
      total: number;
    };
    expect(users.total).toBe(0);
  }, 60_000);

  it('stops at the first step that fails, saying what the server answered', async () => {
    await expect(runSmoke({ baseUrl: base, adminEmail: ADMIN.email, adminPassword: 'wrong-password' })).rejects.toThrow(
      /signing in smoke-admin@tip.local: HTTP 401/,
    );
  });
});
