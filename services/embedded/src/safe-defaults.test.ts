/** `npm start` as a newcomer runs it (the built dist/main.js, no NODE_ENV): safe as it is, and still usable over http. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '@tip/platform/processes';
import { ADMIT_AT_ANY_LOAD, scaled } from '@tip/platform/testing';
import { startBuiltPlatform, type BuiltPlatform } from './testing/built-platform.js';
import { readableByOthers } from './testing/file-modes.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

let platform: BuiltPlatform;
beforeAll(async () => {
  // Jest runs with NODE_ENV=test, which the platform would inherit: empty is unset, as in a newcomer's shell. (Only
  // admission's bounds are a test's, so that a loaded machine does not make it 'busy'.)
  platform = await startBuiltPlatform('safe-defaults', { NODE_ENV: '', ...ADMIT_AT_ANY_LOAD });
}, scaled(40_000));
afterAll(() => platform.stop());

describe('npm start, unconfigured', () => {
  it('signs a member in over plain http: the session cookies are not Secure there', async () => {
    const login = await fetch(`${platform.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(platform.admin),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    const cookie = cookies.map((value) => value.split(';')[0]).join('; ');
    expect((await fetch(`${platform.base}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
  });

  it('runs in production: no test data, no quick-login, even for an admin', async () => {
    const cookie = await platform.adminCookie();
    for (const path of ['/api/admin/create-test-users', '/api/admin/create-test-posts', '/api/admin/quick-login']) {
      const answer = await fetch(`${platform.base}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: platform.base },
        body: '{}',
      });
      expect([path, answer.status]).toEqual([path, 404]);
    }
  });

  it('refuses to start with ENABLE_TEST_DATA=1 in production, naming the variable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tip-safe-defaults-refused-'));
    try {
      const started = spawnNode(MAIN, { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', ENABLE_TEST_DATA: '1' });
      expect(await started.exited).toBe(1);
      expect(started.output()).toMatch(/ENABLE_TEST_DATA: test data and quick-login are refused in production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the data directory', () => {
  it('is the platform’s account’s alone: what it creates is 0600, its directories 0700', async () => {
    // A sign-in writes (the session's cache journal, the login's limits) beside what the start created.
    await platform.adminCookie();
    expect(await readableByOthers(platform.dataDir)).toEqual([]);
  });

  it('is made so at start when an earlier version left it readable, saying how much it changed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tip-safe-defaults-open-'));
    mkdirSync(join(dataDir, 'media', 'verification'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'verification', 'face.webp'), 'a face');
    writeFileSync(join(dataDir, 'notes.txt'), 'left by an earlier version');
    for (const path of ['', 'media', 'media/verification']) chmodSync(join(dataDir, path), 0o755);
    for (const path of ['media/verification/face.webp', 'notes.txt']) chmodSync(join(dataDir, path), 0o644);
    const earlier = await startBuiltPlatform('safe-defaults-open', { ...ADMIT_AT_ANY_LOAD, DATA_DIR: dataDir });
    try {
      expect(earlier.output()).toMatch(/5 files and directories of the data directory were readable by other accounts/);
      expect(await readableByOthers(dataDir)).toEqual([]);
    } finally {
      await earlier.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
