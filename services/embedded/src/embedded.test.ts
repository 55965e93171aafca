/**
 * The one-process platform as `npm start` runs it (the built services/embedded/dist/main.js, which `npm test` builds
 * first): what the log tells a newcomer, a clean stop on SIGTERM and SIGINT, and a restart on the same DATA_DIR that
 * finds everything it had, sessions included.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  ADMIT_AT_ANY_LOAD,
  freePort,
  scaled,
  spawnNode,
  waitFor,
  waitUntilServing,
  type NodeProcess,
} from '@tip/platform/testing';

// Tests start the built platform, which may take a minute on a loaded machine.
jest.setTimeout(scaled(90_000));

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface Running extends NodeProcess {
  url: string;
}

/** The caller's environment without what would switch an engine away from the embedded one (CI sets REDIS_URL). */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...rest } = process.env;
  return rest;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const running = spawnNode(main, {
    ...embeddedEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WORKERS: '1',
    ...ADMIT_AT_ANY_LOAD,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/api/health`, running);
  return { ...running, url };
}

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function login(url: string, email: string, password: string) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('the embedded platform process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-embedded-'));
  const member = { username: 'giulia_r', email: 'giulia@example.it', password: 'segreto-123' };
  let first: Running;
  let admin: { email: string; password: string };
  let memberCookie: string;
  let memberId: string;
  let loggedOutCookie: string;

  beforeAll(async () => {
    first = await start(dataDir);
  });

  afterAll(async () => {
    await first?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where to open it and prints the first admin password once', async () => {
    // Printed as it starts listening: the health check may answer first.
    await waitFor(() => first.output().includes('Tip is running: open http://localhost:'), 10_000, 'the start line');
    const printed = first.output().match(/Sign in as admin with (\S+) \/ (\S+) \(shown only this once/);
    expect(printed).not.toBeNull();
    admin = { email: printed?.[1] ?? '', password: printed?.[2] ?? '' };
    const response = await login(first.url, admin.email, admin.password);
    expect(response.status).toBe(200);
  });

  it('serves the web app and registers a member with a photo', async () => {
    expect(await (await fetch(`${first.url}/`)).text()).toContain('<div id="root">');
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [field, value] of Object.entries({
      ...member,
      confirmPassword: member.password,
      gender: 'female',
      orientation: 'etero',
      age: '30',
      region: 'Lazio',
      city: 'Roma',
    })) {
      form.set(field, value);
    }
    form.set('verificationPhoto', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
    const registered = await fetch(`${first.url}/api/auth/register`, { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    const loggedIn = await login(first.url, member.email, member.password);
    memberCookie = sessionCookie(loggedIn);
    const me = (await (await fetch(`${first.url}/api/auth/user`, { headers: { cookie: memberCookie } })).json()) as {
      id: string;
      verificationStatus: string;
    };
    expect(me.verificationStatus).toBe('pending');
    memberId = me.id;
  });

  it('refuses a session once it logged out', async () => {
    loggedOutCookie = sessionCookie(await login(first.url, member.email, member.password));
    const logout = await fetch(`${first.url}/api/logout`, { headers: { cookie: loggedOutCookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    const me = await fetch(`${first.url}/api/auth/user`, { headers: { cookie: loggedOutCookie } });
    expect(me.status).toBe(401);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
  });

  it('finds everything again on the same DATA_DIR, sessions included, and stops on SIGINT', async () => {
    const second = await start(dataDir);
    try {
      expect(second.output()).not.toContain('shown only this once');
      const me = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: memberCookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: memberId, username: member.username, verificationStatus: 'pending' });
      // The session secret survives the restart, so the revocation of a logged-out session must survive it too.
      const revoked = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: loggedOutCookie } });
      expect(revoked.status).toBe(401);
      expect((await login(second.url, admin.email, admin.password)).status).toBe(200);
      const adminCookie = sessionCookie(await login(second.url, admin.email, admin.password));
      const photo = await fetch(`${second.url}/api/users/${memberId}/verification-photo`, {
        headers: { cookie: adminCookie },
      });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\//);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });

  it.each([
    [{ PORT: 'not-a-port' }, /PORT: /],
    [{ PUBLIC_URL: 'tip.example.com' }, /PUBLIC_URL: /],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, /GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither/],
    [{ ADMIN_EMAIL: 'root@tip.local' }, /ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_only' },
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: set all/,
    ],
  ])('refuses a bad setting at start-up, naming the variable: %o', async (setting, message) => {
    const port = await freePort();
    const refused = spawnNode(main, { ...embeddedEnv(), PORT: String(port), DATA_DIR: dataDir, ...setting });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(message);
  });
});
