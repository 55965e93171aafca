/**
 * No acknowledged write is lost when the process dies: the platform (the built dist/main.js) takes writes of every
 * kind at once (profile edits, posts, likes, messages with their debits, admin credits), is killed with SIGKILL in
 * the middle, and started again on the same data. Every write it answered with success is there; a write it never
 * answered may or may not be.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ADMIT_AT_ANY_LOAD, freePort, scaled, spawnNode, waitFor, waitUntilServing } from '@tip/platform/testing';

// Each test starts the built platform, loads it and kills it mid-write.
jest.setTimeout(scaled(120_000));

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const ADMIN = { email: 'sigkill-admin@tip.local', password: 'sigkill-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'tip-sigkill-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number) {
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...env } = process.env;
  const unlimited = Object.fromEntries(
    ['ACCOUNT', 'POSTS', 'LIKES', 'MESSAGES', 'ADMIN'].flatMap((group) => [
      [`${group}_LIMIT_PER_MEMBER`, '100000'],
      [`${group}_LIMIT_PER_ADDRESS`, '100000'],
    ]),
  );
  const running = spawnNode(main, {
    ...env,
    ...unlimited,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    ...ADMIT_AT_ANY_LOAD,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    POST_APPROVAL: 'immediate',
    REGISTER_LIMIT_PER_ADDRESS: '1000',
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running);
  return running;
}

type Session = { id: string; cookie: string };

function client(base: string) {
  return (path: string, init: { method?: string; cookie?: string; json?: unknown; form?: FormData } = {}) => {
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

describe('writes of every kind', () => {
  it('are all there after a SIGKILL, as far as they were acknowledged', async () => {
    const port = await freePort();
    const call = client(`http://127.0.0.1:${port}`);
    let running = await start(port);
    const signIn = async (email: string, password: string): Promise<Session> => {
      const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      return { id: user.id, cookie };
    };
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const photo = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#225588' } })
      .jpeg()
      .toBuffer();
    const member = async (username: string): Promise<Session> => {
      const form = new FormData();
      const password = 'segreto-123';
      const fields = { username, email: `${username}@example.it`, password, confirmPassword: password };
      for (const [field, value] of Object.entries({ ...fields, gender: 'female', orientation: 'etero' }))
        form.append(field, value);
      form.append('verificationPhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
      expect((await call('/api/auth/register', { method: 'POST', form })).status).toBe(201);
      const session = await signIn(`${username}@example.it`, password);
      const verified = await call(`/api/admin/users/${session.id}/verify`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: { status: 'approved' },
      });
      expect(verified.status).toBe(200);
      return session;
    };
    const [writer, reader, liker] = [await member('scrittrice'), await member('lettore'), await member('fan')];
    expect(
      (
        await call(`/api/admin/users/${writer.id}/add-credits`, {
          method: 'POST',
          cookie: admin.cookie,
          json: { amount: 5000 },
        })
      ).status,
    ).toBe(200);
    const post = (content: string) => {
      const form = new FormData();
      form.set('category', 'trending');
      form.set('content', content);
      return call('/api/posts', { method: 'POST', cookie: reader.cookie, form });
    };
    // The services hear of the approvals through identity's events: a first post and message go through once they have.
    await waitFor(async () => (await post('il primo')).status === 201, 10_000, 'content hearing of the approval');
    await waitFor(
      async () =>
        (
          await call('/api/messages', {
            method: 'POST',
            cookie: writer.cookie,
            json: { id: randomUUID(), recipientId: reader.id, content: 'il primo' },
          })
        ).status === 201,
      10_000,
      'messaging hearing of the approvals',
    );
    // Posts to like during the load, one like each.
    const targets: string[] = [];
    for (let n = 0; n < 40; n++) {
      const created = (await (await post(`da apprezzare ${n}`)).json()) as { item: { post: { id: string } } };
      targets.push(created.item.post.id);
    }

    const acknowledged = {
      bios: [] as string[],
      posts: [] as string[],
      likes: [] as string[],
      messages: [] as string[],
      credits: 0,
    };
    let running$ = true;
    const loop = async (write: (n: number) => Promise<void>, times = Infinity) => {
      for (let n = 0; running$ && n < times; n++) await write(n).catch(() => undefined);
    };
    const loops = [
      loop(async (n) => {
        const bio = `bio numero ${n}`;
        const answer = await call('/api/auth/profile', {
          method: 'PUT',
          cookie: writer.cookie,
          json: { username: 'scrittrice', bio },
        });
        if (answer.ok) acknowledged.bios.push(bio);
      }),
      loop(async (n) => {
        const answer = await post(`durante il carico ${n}`);
        if (answer.ok)
          acknowledged.posts.push(((await answer.json()) as { item: { post: { id: string } } }).item.post.id);
      }),
      loop(async (n) => {
        const postId = targets[n] as string;
        const answer = await call(`/api/posts/${postId}/like`, { method: 'POST', cookie: liker.cookie, json: {} });
        if (answer.ok) acknowledged.likes.push(postId);
      }, targets.length),
      loop(async () => {
        const id = randomUUID();
        const answer = await call('/api/messages', {
          method: 'POST',
          cookie: writer.cookie,
          json: { id, recipientId: reader.id, content: `messaggio ${id}` },
        });
        if (answer.ok) acknowledged.messages.push(id);
      }),
      loop(async () => {
        const answer = await call(`/api/admin/users/${reader.id}/add-credits`, {
          method: 'POST',
          cookie: admin.cookie,
          json: { amount: 1 },
        });
        if (answer.ok) acknowledged.credits += 1;
      }),
    ];
    // The kill comes once each kind has writes acknowledged, while more are in flight (however slow the machine).
    await waitFor(
      () =>
        (['bios', 'posts', 'likes', 'messages'] as const).every((kind) => acknowledged[kind].length > 2) &&
        acknowledged.credits > 2,
      30_000,
      'three acknowledged writes of each kind',
    );
    running.child.kill('SIGKILL');
    await running.exited;
    running$ = false;
    await Promise.all(loops);
    for (const kind of ['bios', 'posts', 'likes', 'messages'] as const)
      expect(acknowledged[kind].length).toBeGreaterThan(2);
    expect(acknowledged.credits).toBeGreaterThan(2);

    running = await start(port);
    try {
      // Profile: the last edit acknowledged, or one sent after it (written, then killed before it was answered).
      const me = (await (await call('/api/auth/user', { cookie: writer.cookie })).json()) as { bio: string };
      const lastBio = Number(acknowledged.bios.at(-1)?.split(' ').at(-1));
      expect(Number(me.bio.split(' ').at(-1))).toBeGreaterThanOrEqual(lastBio);

      for (const postId of acknowledged.posts) {
        expect([postId, (await call(`/api/posts/${postId}`, { cookie: liker.cookie })).status]).toEqual([postId, 200]);
      }
      for (const postId of acknowledged.likes) {
        const item = (await (await call(`/api/posts/${postId}`, { cookie: liker.cookie })).json()) as {
          isLiked: boolean;
          likeCount: number;
        };
        expect([postId, item.isLiked, item.likeCount]).toEqual([postId, true, 1]);
      }

      const threadIds = async () => {
        const ids: string[] = [];
        let cursor: string | null = '';
        while (cursor !== null) {
          const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const page = await call(`/api/messages/${reader.id}?limit=100${query}`, { cookie: writer.cookie });
          ids.push(...((await page.json()) as { message: { id: string } }[]).map((item) => item.message.id));
          cursor = page.headers.get('x-next-cursor');
        }
        return ids;
      };
      const balanceOf = async (session: Session) =>
        ((await (await call('/api/auth/user', { cookie: session.cookie })).json()) as { credits: number }).credits;
      // Money: every message kept has its debit and every debit its message, once the saga's safety net has
      // committed the messages paid for just before the kill; every acknowledged credit is there.
      await waitFor(
        async () => (await balanceOf(writer)) === 5000 - 2 * (await threadIds()).length,
        15_000,
        "the writer's balance paying for every message kept",
      );
      const thread = await threadIds();
      expect(acknowledged.messages.filter((id) => !thread.includes(id))).toEqual([]);
      expect(await balanceOf(reader)).toBeGreaterThanOrEqual(acknowledged.credits);
    } finally {
      await running.stop();
    }
  });
});
