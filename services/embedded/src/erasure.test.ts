/**
 * Erasure reaches every store: a member registered with distinctive values (e-mail, username, Telegram, city) who
 * posted a photo, commented, wrote a message, sent feedback and filed a report deletes the account (and another is
 * deleted by an admin); the platform (the built dist/main.js) stops cleanly, which compacts the document files and
 * the event log as their periodic compaction does; then no file under DATA_DIR holds any of those values, nor the
 * bytes of their photos.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
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
  waitUntilAtRest,
  waitUntilServing,
} from '@tip/platform/testing';

// The test starts the built platform and walks a member's data through erasure.
jest.setTimeout(scaled(120_000));

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const ADMIN = { email: 'erasure-admin@tip.local', password: 'erasure-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'tip-erasure-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Call = (
  path: string,
  init?: { method?: string; cookie?: string; json?: unknown; form?: FormData },
) => Promise<Response>;

function client(base: string): Call {
  return (path, init = {}) => {
    const headers = new Headers();
    if (init.cookie) headers.set('cookie', init.cookie);
    let body: string | FormData | undefined = init.form;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body });
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('a deleted member', () => {
  it('leaves none of their data in any file, whether they deleted the account or an admin did', async () => {
    const port = await freePort();
    const call = client(`http://127.0.0.1:${port}`);
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
      POST_APPROVAL: 'immediate',
    });
    await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running);

    const signIn = async (email: string, password: string) => {
      const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
      expect(response.status).toBe(200);
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      return { id: user.id, cookie };
    };
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const photo = (shade: string) =>
      sharp({ create: { width: 96, height: 96, channels: 3, background: shade } })
        .jpeg()
        .toBuffer();
    const register = async (fields: Record<string, string>, shade: string) => {
      const form = new FormData();
      const password = 'segreto-12345';
      for (const [field, value] of Object.entries({
        ...fields,
        password,
        confirmPassword: password,
        gender: 'male',
        orientation: 'gay',
        age: '33',
      }))
        form.append(field, value);
      form.append(
        'verificationPhoto',
        new Blob([new Uint8Array(await photo(shade))], { type: 'image/jpeg' }),
        'me.jpg',
      );
      expect((await call('/api/auth/register', { method: 'POST', form })).status).toBe(201);
      const session = await signIn(fields.email as string, password);
      const approved = await call(`/api/admin/users/${session.id}/verify`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: { status: 'approved' },
      });
      expect(approved.status).toBe(200);
      await call(`/api/admin/users/${session.id}/add-credits`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { amount: 20 },
      });
      return session;
    };
    const other = await register({ username: 'altro_membro', email: 'altro@example.it' }, '#224466');
    const form = new FormData();
    form.append('content', 'Il post di un altro');
    form.append('category', 'trending');
    const othersPost = (await (await call('/api/posts', { method: 'POST', cookie: other.cookie, form })).json()) as {
      item: { post: { id: string } };
    };
    const postId = othersPost.item.post.id;

    /** A member who leaves traces everywhere; `tag` makes each value theirs alone. */
    const leaveTraces = async (tag: string, shade: string) => {
      const values = {
        email: `${tag}.posta@dominio-${tag}.it`,
        username: `utente_${tag}`,
        telegramUsername: `tg_${tag}`,
        city: `Citta${tag}`,
      };
      const member = await register({ ...values, region: 'Lazio' }, shade);
      const texts = {
        post: `post-${tag}-testo`,
        comment: `commento-${tag}-testo`,
        message: `messaggio-${tag}-testo`,
        feedback: `feedback-${tag}-testo`,
        report: `segnalazione-${tag}-testo`,
      };
      const postForm = new FormData();
      postForm.append('content', texts.post);
      postForm.append('category', 'trending');
      postForm.append('media', new Blob([new Uint8Array(await photo(shade))], { type: 'image/jpeg' }), 'post.jpg');
      const own = (await (
        await call('/api/posts', { method: 'POST', cookie: member.cookie, form: postForm })
      ).json()) as {
        item: { post: { id: string; imageUrl: string } };
      };
      const sent = [
        await call(`/api/posts/${postId}/comments`, {
          method: 'POST',
          cookie: member.cookie,
          json: { content: texts.comment },
        }),
        await call('/api/messages', {
          method: 'POST',
          cookie: member.cookie,
          json: { id: randomUUID(), recipientId: other.id, content: texts.message },
        }),
        await call('/api/feedback', {
          method: 'POST',
          cookie: member.cookie,
          json: { type: 'bug', message: texts.feedback },
        }),
        await call(`/api/posts/${postId}/report`, {
          method: 'POST',
          cookie: member.cookie,
          json: { reason: 'other', description: texts.report },
        }),
      ];
      expect(sent.map((response) => response.status)).toEqual([201, 201, 201, 201]);
      // The stored photos, as the platform re-encoded them: a run of their bytes must vanish too.
      const verification = Buffer.from(
        await (await call(`/api/users/${member.id}/photos/verification`, { cookie: admin.cookie })).arrayBuffer(),
      );
      const media = Buffer.from(await (await call(own.item.post.imageUrl, { cookie: member.cookie })).arrayBuffer());
      const bytes = [verification, media].map((stored) => stored.subarray(stored.length / 2, stored.length / 2 + 48));
      return { member, values: [...Object.values(values), ...Object.values(texts)], bytes };
    };

    const selfDeleted = await leaveTraces('zefiro', '#a0522d');
    const adminDeleted = await leaveTraces('libeccio', '#2e8b57');
    const holdersOf = async (needle: Buffer) => {
      const files = await filesUnder(dataDir);
      // While the platform runs, a temporary file may be renamed away between the listing and the read.
      const contents = await Promise.all(files.map((file) => readFile(file).catch(() => Buffer.alloc(0))));
      return files.filter((_file, n) => contents[n]?.includes(needle));
    };
    // Before: the stores do hold every value (so that finding none afterwards means something).
    for (const needle of [...selfDeleted.values.map((value) => Buffer.from(value)), ...selfDeleted.bytes]) {
      expect([needle.toString('utf8', 0, 40), (await holdersOf(needle)).length > 0]).toEqual([
        needle.toString('utf8', 0, 40),
        true,
      ]);
    }
    expect((await call('/api/users/account', { method: 'DELETE', cookie: selfDeleted.member.cookie })).status).toBe(
      200,
    );
    const removed = await call(`/api/admin/users/${adminDeleted.member.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);

    // Every service has heard: the comments and the messages are gone from what the other member sees.
    await waitFor(
      async () => {
        const comments = await (await call(`/api/posts/${postId}/comments`, { cookie: other.cookie })).text();
        const inbox = await (await call('/api/messages/conversations', { cookie: other.cookie })).text();
        return ![comments, inbox].some((text) => text.includes('zefiro') || text.includes('libeccio'));
      },
      10_000,
      'the services erasing',
    );
    await waitUntilAtRest(dataDir);
    expect(await running.stop('SIGTERM', 30_000)).toBe(0);

    // The stores were there to search: every service's documents and the event log.
    const stored = (await filesUnder(dataDir)).map((file) => file.slice(dataDir.length + 1));
    for (const store of ['identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications']) {
      expect(stored).toContain(join(store, 'documents.sqlite'));
    }
    expect(stored).toContain('events.sqlite');
    for (const { values, bytes } of [selfDeleted, adminDeleted]) {
      for (const needle of [...values.map((value) => Buffer.from(value)), ...bytes]) {
        expect([needle.toString('utf8', 0, 40), await holdersOf(needle)]).toEqual([needle.toString('utf8', 0, 40), []]);
      }
    }
  });
});
