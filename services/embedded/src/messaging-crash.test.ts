/**
 * Paying for a message and storing it are one outcome, even when the process dies between the two: the platform
 * (the built dist/main.js) is killed with SIGKILL while messages are being sent, started again on the same data,
 * and every debit for a message must have its message, every message its debit.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ADMIT_AT_ANY_LOAD, freePort, scaled, spawnNode, waitFor, waitUntilServing } from '@tip/platform/testing';

// The test starts the built platform and kills it mid-send.
jest.setTimeout(scaled(90_000));

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const ADMIN = { email: 'crash-admin@tip.local', password: 'crash-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'tip-messaging-crash-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number) {
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...env } = process.env;
  const running = spawnNode(main, {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    ...ADMIT_AT_ANY_LOAD,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running);
  return running;
}

function client(base: string) {
  return async (path: string, init: RequestInit & { cookie?: string; body?: string | FormData } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    return fetch(`${base}${path}`, { ...init, headers });
  };
}

describe('a message and its debit', () => {
  it('stay one outcome when the process is killed while messages are sent', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const call = client(base);
    let running = await start(port);
    const signIn = async (email: string, password: string) => {
      const response = await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      return { id: user.id, cookie };
    };
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const photo = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#aa3355' } })
      .jpeg()
      .toBuffer();
    const member = async (username: string) => {
      const form = new FormData();
      const fields = {
        username,
        email: `${username}@example.it`,
        password: 'segreto-123',
        confirmPassword: 'segreto-123',
      };
      for (const [field, value] of Object.entries({ ...fields, gender: 'female', orientation: 'etero' }))
        form.append(field, value);
      form.append('verificationPhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
      expect((await call('/api/auth/register', { method: 'POST', body: form })).status).toBe(201);
      const session = await signIn(`${username}@example.it`, 'segreto-123');
      const verify = JSON.stringify({ status: 'approved' });
      await call(`/api/admin/users/${session.id}/verify`, { method: 'PUT', cookie: admin.cookie, body: verify });
      return session;
    };
    const sender = await member('mittente');
    const recipient = await member('destinatario');
    await call(`/api/admin/users/${sender.id}/add-credits`, {
      method: 'POST',
      cookie: admin.cookie,
      body: JSON.stringify({ amount: 1000 }),
    });
    // Messaging hears of the approvals through identity's events: a first message goes through once it has.
    await waitFor(
      async () => {
        const body = JSON.stringify({ id: randomUUID(), recipientId: recipient.id, content: 'prima' });
        return (await call('/api/messages', { method: 'POST', cookie: sender.cookie, body })).status === 201;
      },
      10_000,
      'the first message',
    );

    // Sends in flight, and the process killed under them once one has been answered (however slow the machine).
    let sent = 0;
    const sends = Array.from({ length: 150 }, (_, i) =>
      call('/api/messages', {
        method: 'POST',
        cookie: sender.cookie,
        body: JSON.stringify({ id: randomUUID(), recipientId: recipient.id, content: `messaggio ${i}` }),
      }).then(
        (answer) => void (answer.status === 201 && (sent += 1)),
        () => undefined,
      ),
    );
    await waitFor(() => sent > 0, 10_000, 'a message sent under load');
    running.child.kill('SIGKILL');
    await running.exited;
    await Promise.all(sends);

    running = await start(port);
    try {
      const debits = async () => {
        const page = await call('/api/transactions?limit=100', { cookie: sender.cookie });
        const entries = (await page.json()) as { kind: string }[];
        const more = page.headers.get('x-next-cursor');
        let all = entries;
        let cursor = more;
        while (cursor) {
          const next = await call(`/api/transactions?limit=100&cursor=${cursor}`, { cookie: sender.cookie });
          all = [...all, ...((await next.json()) as { kind: string }[])];
          cursor = next.headers.get('x-next-cursor');
        }
        return all.filter((entry) => entry.kind === 'debit').length;
      };
      const messages = async () => {
        const thread = await call(`/api/messages/${recipient.id}?limit=100`, { cookie: sender.cookie });
        let all = (await thread.json()) as unknown[];
        let cursor = thread.headers.get('x-next-cursor');
        while (cursor) {
          const next = await call(`/api/messages/${recipient.id}?limit=100&cursor=${encodeURIComponent(cursor)}`, {
            cookie: sender.cookie,
          });
          all = [...all, ...((await next.json()) as unknown[])];
          cursor = next.headers.get('x-next-cursor');
        }
        return all.length;
      };
      // After the restart, the outboxes go out and the saga's safety net commits what was paid for.
      await waitFor(async () => (await debits()) === (await messages()), 15_000, 'every debit with its message');
      const paid = await debits();
      expect(paid).toBeGreaterThan(1);
      const balance = (await (await call('/api/auth/user', { cookie: sender.cookie })).json()) as { credits: number };
      expect(balance.credits).toBe(1000 - 2 * paid);
    } finally {
      await running.stop();
    }
  });
});
