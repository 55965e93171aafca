/**
 * A backup taken while the platform serves, then restored as README's "Backups" says: the built platform
 * (dist/main.js) runs under members registering, members posting (every third post with a photo), an admin adding
 * credits and paid messages, all at once; the real command (dist/backup/main.js) copies its data directory in the
 * middle of it. The platform is stopped and another started on the copy: every write acknowledged before the backup
 * started is there, a video the media worker had processed serves the same bytes and poster, the sessions of then
 * still hold (the session secret came along), and the wallet's ledger passes CheckIntegrity.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  createGrpcClient,
  createLogger,
  generateServiceTokenSecret,
  SqliteDocumentStore,
  SqliteEventLog,
} from '@tip/platform';
import { recordedVideo } from '@tip/content/testing';
import { identityDefinition } from '@tip/identity/contract';
import { ADMIT_AT_ANY_LOAD, freePort, scaled, spawnNode, waitFor, waitUntilServing } from '@tip/platform/testing';
import { startWalletService } from '@tip/wallet';
import { backupDataDir } from './backup-data-dir.js';

// The test copies a data directory while the built platform serves a load.
jest.setTimeout(scaled(90_000));

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const backupMain = fileURLToPath(new URL('../../dist/backup/main.js', import.meta.url));
const ADMIN = { email: 'backup-admin@tip.local', password: 'backup-password-1' };
const PASSWORD = 'segreto-12345';
const scratch = mkdtempSync(join(tmpdir(), 'tip-backup-'));
const dataDir = join(scratch, 'data');
const backupDir = join(scratch, 'backup');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...env } = process.env;

async function startPlatform(dir: string, port: number) {
  const running = spawnNode(main, {
    ...env,
    PORT: String(port),
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    POST_APPROVAL: 'immediate',
    // Every request comes from 127.0.0.1: the limits per address would stop the load, not what is tested.
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    REGISTER_LIMIT_PER_ADDRESS: '100000',
    POSTS_LIMIT_PER_MEMBER: '100000',
    POSTS_LIMIT_PER_ADDRESS: '100000',
    MESSAGES_LIMIT_PER_MEMBER: '100000',
    MESSAGES_LIMIT_PER_ADDRESS: '100000',
    ADMIN_LIMIT_PER_MEMBER: '100000',
    ADMIN_LIMIT_PER_ADDRESS: '100000',
    ...ADMIT_AT_ANY_LOAD,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running);
  return running;
}

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

/** The answer's body, after checking its status (a refused write fails the test with what the server said). */
async function expectStatus<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Session {
  id: string;
  cookie: string;
}

async function signIn(call: Call, email: string, password: string): Promise<Session> {
  const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
  const { user } = await expectStatus<{ user: { id: string } }>(response, 200);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { id: user.id, cookie };
}

function registrationForm(username: string, photo: Buffer): FormData {
  const form = new FormData();
  const fields = {
    username,
    email: `${username}@example.it`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    gender: 'female',
    orientation: 'etero',
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('verificationPhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  return form;
}

describe('npm run backup', () => {
  it('copies the data directory under write load into one that a restored platform serves whole', async () => {
    const port = await freePort();
    const call = client(`http://127.0.0.1:${port}`);
    let running = await startPlatform(dataDir, port);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3355aa' } })
      .jpeg()
      .toBuffer();

    const admin = await signIn(call, ADMIN.email, ADMIN.password);
    const member = async (username: string) => {
      await expectStatus(
        await call('/api/auth/register', { method: 'POST', form: registrationForm(username, photo) }),
        201,
      );
      const session = await signIn(call, `${username}@example.it`, PASSWORD);
      const verify = { status: 'approved' };
      await expectStatus(
        await call(`/api/admin/users/${session.id}/verify`, { method: 'PUT', cookie: admin.cookie, json: verify }),
        200,
      );
      return session;
    };
    const [poster, sender, recipient, saver] = await Promise.all(
      ['autrice', 'mittente', 'destinataria', 'risparmiatrice'].map(member),
    );
    if (!poster || !sender || !recipient || !saver) throw new Error('a member is missing');
    const credit = (userId: string, amount: number) =>
      call(`/api/admin/users/${userId}/add-credits`, { method: 'POST', cookie: admin.cookie, json: { amount } });
    await expectStatus(await credit(sender.id, 10_000), 200);
    const sendMessage = (id: string) =>
      call('/api/messages', {
        method: 'POST',
        cookie: sender.cookie,
        json: { id, recipientId: recipient.id, content: `messaggio ${id}` },
      });
    // Messaging hears of the approvals through identity's events: the first message goes through once it has.
    await waitFor(async () => (await sendMessage(randomUUID())).status === 201, 10_000, 'the first message');

    // A video the media worker has made into an MP4 and a poster, before the load: both must come back whole.
    const videoForm = new FormData();
    videoForm.append('content', 'il mio video');
    videoForm.append('category', 'trending');
    const clip = await recordedVideo({ seconds: 1 });
    videoForm.append('media', new Blob([new Uint8Array(clip)], { type: 'video/quicktime' }), 'IMG_0001.MOV');
    const { item: videoItem } = await expectStatus<{ item: { post: { id: string } } }>(
      await call('/api/posts', { method: 'POST', cookie: poster.cookie, form: videoForm }),
      201,
    );
    type VideoPost = { post: { status: string; videoUrl: string | null; posterUrl: string | null } };
    const videoPost = async () =>
      (await expectStatus<VideoPost>(await call(`/api/posts/${videoItem.post.id}`, { cookie: poster.cookie }), 200))
        .post;
    await waitFor(async () => (await videoPost()).status === 'approved', 60_000, 'the media worker on the video');
    const { videoUrl, posterUrl } = await videoPost();
    const bytesOf = async (url: string | null) => {
      const response = await call(url ?? '', { cookie: poster.cookie });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      return Buffer.from(await response.arrayBuffer());
    };
    const served = { video: await bytesOf(videoUrl), poster: await bytesOf(posterUrl) };

    // The load: each loop writes one thing after another until told to stop; any refusal fails the test.
    let loading = true;
    const registered: { email: string }[] = [];
    const posts: { id: string; content: string; imageUrl: string | null }[] = [];
    const credits: { amount: number }[] = [];
    const messages: { id: string }[] = [];
    let written = 0;
    const loop = async (write: (n: number) => Promise<void>) => {
      try {
        while (loading) await write(++written);
      } finally {
        // One loop's failure stops them all.
        loading = false;
      }
    };
    const load = Promise.allSettled([
      ...[1, 2].map(() =>
        loop(async (n) => {
          const username = `membro${n}`;
          const form = registrationForm(username, photo);
          await expectStatus(await call('/api/auth/register', { method: 'POST', form }), 201);
          registered.push({ email: `${username}@example.it` });
        }),
      ),
      ...[1, 2].map(() =>
        loop(async (n) => {
          const form = new FormData();
          const content = `post ${n}`;
          form.append('content', content);
          // A photo every third post, in 'patate' (women's, where a photo is required); the others in 'trending'.
          const withPhoto = n % 3 === 0;
          form.append('category', withPhoto ? 'patate' : 'trending');
          if (withPhoto) form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
          const { item } = await expectStatus<{ item: { post: { id: string; imageUrl: string | null } } }>(
            await call('/api/posts', { method: 'POST', cookie: poster.cookie, form }),
            201,
          );
          posts.push({ id: item.post.id, content, imageUrl: item.post.imageUrl });
        }),
      ),
      loop(async (n) => {
        const amount = (n % 7) + 1;
        await expectStatus(await credit(saver.id, amount), 200);
        credits.push({ amount });
      }),
      ...[1, 2].map(() =>
        loop(async () => {
          const id = randomUUID();
          await expectStatus(await sendMessage(id), 201);
          messages.push({ id });
        }),
      ),
    ]);

    // What the platform has acknowledged so far; taken as the backup starts, it is what the copy must hold.
    const acknowledged = () => ({
      registered: [...registered],
      posts: [...posts],
      credits: [...credits],
      messages: [...messages],
    });
    let expected: ReturnType<typeof acknowledged>;
    let outcomes: PromiseSettledResult<void>[];
    try {
      // Load long enough for a write of each kind, a post with a photo among them (a busy machine writes slowly).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await waitFor(
        () =>
          !loading ||
          (registered.length > 0 &&
            posts.some((post) => post.imageUrl !== null) &&
            credits.length > 0 &&
            messages.length > 0),
        30_000,
        'a write of each kind',
      );
      expected = acknowledged();
      const backup = spawnNode(backupMain, { ...env, DATA_DIR: dataDir }, { args: [backupDir] });
      const code = await backup.exited;
      expect({ code, output: backup.output() }).toMatchObject({ code: 0 });
      console.log(`backup under load (${written} writes so far):\n${backup.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      loading = false;
      outcomes = await load;
      await running.stop();
    }
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    // The load ran before the backup, so there is something of each kind to find.
    const counts = Object.entries(expected).map(([kind, writes]) => `${writes.length} ${kind}`);
    console.log(`acknowledged before the backup started: ${counts.join(', ')}`);
    for (const [kind, writes] of Object.entries(expected))
      expect({ kind, writes: writes.length > 0 }).toEqual({ kind, writes: true });
    expect(expected.posts.some((post) => post.imageUrl !== null)).toBe(true);

    // Restoring: the platform starts on the copy as it is.
    running = await startPlatform(backupDir, port);
    try {
      const restored = await videoPost();
      expect(restored.status).toBe('approved');
      expect((await bytesOf(restored.videoUrl)).equals(served.video)).toBe(true);
      expect((await bytesOf(restored.posterUrl)).equals(served.poster)).toBe(true);
      for (const { email } of expected.registered) await signIn(call, email, PASSWORD);
      for (const post of expected.posts) {
        const item = await expectStatus<{ post: { content: string } }>(
          await call(`/api/posts/${post.id}`, { cookie: poster.cookie }),
          200,
        );
        expect(item.post.content).toBe(post.content);
        if (post.imageUrl === null) continue;
        const image = await call(post.imageUrl, { cookie: poster.cookie });
        expect({ post: post.id, status: image.status }).toEqual({ post: post.id, status: 200 });
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const { credits: balance } = await expectStatus<{ credits: number }>(
        await call('/api/auth/user', { cookie: saver.cookie }),
        200,
      );
      expect(balance).toBeGreaterThanOrEqual(expected.credits.reduce((total, { amount }) => total + amount, 0));
      const thread = new Set<string>();
      for (let path: string | null = `/api/messages/${recipient.id}?limit=100`; path !== null;) {
        const page = await call(path, { cookie: sender.cookie });
        for (const { message } of await expectStatus<{ message: { id: string } }[]>(page, 200)) thread.add(message.id);
        const next = page.headers.get('x-next-cursor');
        path = next === null ? null : `/api/messages/${recipient.id}?limit=100&cursor=${encodeURIComponent(next)}`;
      }
      expect(expected.messages.filter(({ id }) => !thread.has(id))).toEqual([]);
    } finally {
      await running.stop();
    }

    // The ledger of the copy, as it was left by the restored platform, checked by the wallet itself.
    const documents = await SqliteDocumentStore.open(join(backupDir, 'wallet'));
    const events = await SqliteEventLog.open(backupDir);
    const wallet = await startWalletService({
      address: '127.0.0.1:0',
      serviceTokenSecret: generateServiceTokenSecret(),
      documents,
      events,
      logger: createLogger('backup-test', 'silent'),
      // Nothing here buys premium: no identity runs beside this check.
      identity: createGrpcClient(identityDefinition(), '127.0.0.1:9', {
        caller: 'wallet',
        serviceTokenSecret: 'unused',
      }),
    });
    try {
      const integrity = await wallet.local.CheckIntegrity({});
      expect(integrity).toMatchObject({ ok: true, problems: [] });
      expect(integrity.entriesChecked).toBeGreaterThan(expected.credits.length + expected.messages.length);
    } finally {
      await wallet.stop();
      await events.close();
      await documents.close();
    }
  });

  it('refuses a directory that holds anything, or one inside the data directory', async () => {
    const source = join(scratch, 'refusals', 'data');
    mkdirSync(source, { recursive: true });
    writeFileSync(join(source, 'session-secret'), 'x'.repeat(48));
    const taken = join(scratch, 'refusals', 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'notes.txt'), 'something else');
    await expect(backupDataDir(source, taken)).rejects.toThrow('exists and is not empty');
    await expect(backupDataDir(source, join(source, 'backup'))).rejects.toThrow('inside the data directory');
  });
});
