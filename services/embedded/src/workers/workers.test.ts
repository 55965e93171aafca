/**
 * `npm start` with WORKERS=2 (the built dist/main.js): two workers, each the whole platform, on one data directory
 * and one port. What one worker does, the other's members see: a paid message crosses to a socket on the other
 * worker, charged once; the wallet stays exact when both take debits at once; each worker's caches follow the events
 * another worker's writes publish; and a worker killed is started again while the port answers and its sockets
 * reconnect.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MESSAGE_COST } from '@tip/messaging/domain';
import { ADMIT_AT_ANY_LOAD, freePort, scaled, waitFor } from '@tip/platform/testing';
import { approvedMember, registeredMember, signIn, type Session } from '../bench/members.js';
import { startBuiltPlatform, type BuiltPlatform } from '../testing/built-platform.js';
import { connectionTo, onAnyWorker, onWorker, socketOnWorker, type WorkerSocket } from './testing/on-worker.js';

jest.setTimeout(scaled(120_000));

interface MessagePush {
  type: string;
  message: { id: string };
}

let platform: BuiltPlatform;
let metricsUrl: string;
let admin: Session;
const sockets: WorkerSocket[] = [];
let photo: Buffer;

beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  platform = await startBuiltPlatform('workers', {
    WORKERS: '2',
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'info',
    ...ADMIT_AT_ANY_LOAD,
    REGISTER_LIMIT_PER_ADDRESS: '100',
  });
  // The port answers once the first worker serves; the primary says when every one does.
  await waitFor(() => platform.output().includes('Tip is running on 2 workers'), 60_000, 'both workers serving');
  admin = await signIn(platform.base, platform.admin);
  photo = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#3355aa' } })
    .jpeg()
    .toBuffer();
}, scaled(120_000));

afterAll(async () => {
  for (const { socket } of sockets) socket.disconnect();
  await platform.stop();
}, scaled(40_000));

const member = (name: string, credits = 0) => approvedMember(platform.base, admin, name, photo, credits);

async function socketOn(session: Session, slot: number): Promise<WorkerSocket> {
  const opened = await socketOnWorker(platform.base, session.cookie, slot);
  sockets.push(opened);
  return opened;
}

function messagesPushed(opened: WorkerSocket): MessagePush[] {
  const pushed: MessagePush[] = [];
  opened.socket.on('message_received', (push: MessagePush) => pushed.push(push));
  return pushed;
}

const message = (from: Session, to: Session, id = randomUUID()) => ({
  method: 'POST',
  cookie: from.cookie,
  json: { id, recipientId: to.id, content: `messaggio ${id}` },
});

const send = (slot: number, from: Session, to: Session, id = randomUUID()) =>
  onWorker(platform.base, slot, '/api/messages', message(from, to, id));

const credits = async (slot: number, session: Session) =>
  ((await onWorker(platform.base, slot, '/api/auth/user', { cookie: session.cookie })).body as { credits: number })
    .credits;

/** Messaging hears of the approvals through identity's events: a first message goes through once it has. */
async function firstMessage(from: Session, to: Session): Promise<void> {
  const id = randomUUID();
  await waitFor(async () => (await send(1, from, to, id)).status === 201, 10_000, 'messaging hearing of the approvals');
}

async function threadIds(slot: number, reader: Session, other: Session): Promise<string[]> {
  const answer = await onWorker(platform.base, slot, `/api/messages/${other.id}?limit=100`, { cookie: reader.cookie });
  expect(answer.status).toBe(200);
  return (answer.body as { message: { id: string } }[]).map((item) => item.message.id);
}

describe('npm start with two workers', () => {
  it('carries a paid message from a send on one worker to the reader’s socket on the other, charged once', async () => {
    const [sender, reader] = [await member('mittente', 100), await member('lettrice')];
    await firstMessage(sender, reader);
    const readerSocket = await socketOn(reader, 2);
    const pushed = messagesPushed(readerSocket);
    const before = await credits(1, sender);

    const id = randomUUID();
    const sent = await send(1, sender, reader, id);
    expect([sent.status, sent.worker]).toEqual([201, '1']);

    await waitFor(() => pushed.some((push) => push.message.id === id), 10_000, 'the message on the other worker');
    expect(readerSocket.worker()).toBe('2');
    expect((await threadIds(2, reader, sender)).filter((seen) => seen === id)).toHaveLength(1);
    expect(pushed.filter((push) => push.message.id === id)).toHaveLength(1);
    expect(await credits(2, sender)).toBe(before - MESSAGE_COST);
    expect(await credits(1, sender)).toBe(before - MESSAGE_COST);
  });

  it('lets exactly the affordable debits through when both workers take them at once', async () => {
    const affordable = 5;
    const [spender, reader] = [
      await member('spendacciona', affordable * MESSAGE_COST + MESSAGE_COST),
      await member('destinataria'),
    ];
    await firstMessage(spender, reader);
    expect(await credits(2, spender)).toBe(affordable * MESSAGE_COST);

    // Four times what the balance pays for, half through each worker, all at once (each on a connection of its own).
    const connections = await Promise.all(
      Array.from({ length: 4 * affordable }, (_, i) => connectionTo(platform.base, (i % 2) + 1)),
    );
    const sends = await Promise.all(
      connections.map((connection) => connection.request('/api/messages', message(spender, reader))),
    );
    for (const connection of connections) connection.close();
    const statuses = sends.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(affordable);
    expect(statuses.filter((status) => status === 402)).toHaveLength(3 * affordable);
    expect(new Set(sends.map((answer) => answer.worker))).toEqual(new Set(['1', '2']));
    // Each worker's balance of the member follows the other's debits as their events arrive.
    for (const slot of [1, 2]) {
      await waitFor(async () => (await credits(slot, spender)) === 0, 10_000, `the balance on worker ${slot}`);
    }
    // The first message and the affordable ones, each once.
    expect(await threadIds(2, spender, reader)).toHaveLength(affordable + 1);
  });

  it('serves METRICS_PORT from the primary, summed over the workers', async () => {
    const answered = async () => {
      const scrape = await (await fetch(metricsUrl)).text();
      const series = 'tip_http_request_duration_seconds_count{method="GET",route="/api/auth/user",status_class="2xx"} ';
      const line = scrape.split('\n').find((candidate) => candidate.startsWith(series));
      return Number(line?.slice(series.length) ?? 0);
    };
    const before = await answered();
    for (const slot of [1, 1, 2, 2, 2]) {
      expect((await onWorker(platform.base, slot, '/api/auth/user', { cookie: admin.cookie })).status).toBe(200);
    }
    expect((await answered()) - before).toBe(5);
  });

  describe('each worker’s caches follow what the other worker changed', () => {
    it('a session ended through one worker is refused by the other at once, and its socket there closes', async () => {
      const phone = await member('telefono');
      const laptop = await signIn(platform.base, { email: 'telefono@bench.tip', password: 'bench-password-1' });
      // The other worker has checked the phone's session, and keeps it as live.
      expect((await onWorker(platform.base, 2, '/api/auth/user', { cookie: phone.cookie })).status).toBe(200);
      const phoneSocket = await socketOn(phone, 2);
      const closed = new Promise<void>((resolve) => phoneSocket.socket.once('disconnect', () => resolve()));

      const listed = await onWorker(platform.base, 1, '/api/auth/sessions', { cookie: phone.cookie });
      const phoneSession = (listed.body as { sessions: { id: string; current: boolean }[] }).sessions.find(
        (session) => session.current,
      );
      expect(phoneSession).toBeDefined();
      const ended = await onWorker(platform.base, 1, `/api/auth/sessions/${phoneSession?.id}`, {
        method: 'DELETE',
        cookie: laptop.cookie,
      });
      expect(ended.status).toBe(200);

      expect((await onWorker(platform.base, 2, '/api/auth/user', { cookie: phone.cookie })).status).toBe(401);
      await closed;
      expect((await onWorker(platform.base, 2, '/api/auth/user', { cookie: laptop.cookie })).status).toBe(200);
    });

    it('premium granted and credits added through one worker show on the other', async () => {
      const granted = await member('premiata');
      const seen = async () =>
        (await onWorker(platform.base, 2, '/api/auth/user', { cookie: granted.cookie })).body as {
          isPremium: boolean;
          credits: number;
        };
      // What the other worker keeps of the member, read before the change.
      expect(await seen()).toMatchObject({ isPremium: false, credits: 0 });

      const grant = await onWorker(platform.base, 1, `/api/admin/users/${granted.id}/grant-premium`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { months: 1 },
      });
      expect(grant.status).toBe(200);
      const added = await onWorker(platform.base, 1, `/api/admin/users/${granted.id}/add-credits`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { amount: 40 },
      });
      expect(added.status).toBe(200);

      await waitFor(async () => (await seen()).isPremium, 10_000, 'PremiumChanged on the other worker');
      await waitFor(async () => (await seen()).credits === 40, 10_000, 'the credits on the other worker');
    });

    it('a member approved through one worker is in the admin console’s lists on the other', async () => {
      const waiting = await registeredMember(platform.base, 'inattesa', photo);
      const verifiedOnWorker2 = async () =>
        (
          (
            await onWorker(platform.base, 2, '/api/admin/users?verification=verified&search=inattesa', {
              cookie: admin.cookie,
            })
          ).body as { total: number }
        ).total;
      // The other worker has answered this very list (its total and page) before the approval.
      expect(await verifiedOnWorker2()).toBe(0);

      const approved = await onWorker(platform.base, 1, `/api/admin/users/${waiting.id}/verify`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: { status: 'approved' },
      });
      expect(approved.status).toBe(200);

      await waitFor(async () => (await verifiedOnWorker2()) === 1, 10_000, 'the approval in the other worker’s list');
    });

    it('a block made through one worker hides the blocked member’s posts in the feed the other worker serves', async () => {
      const [author, viewer] = [await member('autrice'), await member('spettatore')];
      const postId = await approvedPost(author);
      const feedOnWorker2 = async () =>
        (
          (await onWorker(platform.base, 2, '/api/posts/feed?limit=20', { cookie: viewer.cookie })).body as {
            post: { id: string };
          }[]
        ).map((item) => item.post.id);
      // The other worker renders (and keeps) the viewer's page with the post.
      await waitFor(async () => (await feedOnWorker2()).includes(postId), 10_000, 'the post in the viewer’s feed');

      const blocked = await onWorker(platform.base, 1, `/api/users/${author.id}/block`, {
        method: 'POST',
        cookie: viewer.cookie,
        json: { reason: 'spam' },
      });
      expect(blocked.status).toBe(200);

      await waitFor(async () => !(await feedOnWorker2()).includes(postId), 10_000, 'the post gone on the other worker');
    });
  });

  it('starts a killed worker again while the port answers, and the sockets that were on it reconnect', async () => {
    const [sender, reader] = [await member('prima', 100), await member('seconda')];
    await firstMessage(sender, reader);
    const readerSocket = await socketOn(reader, 1);
    const pushed = messagesPushed(readerSocket);
    const pids = workerPids();
    const killed = pids.get(1) as number;

    process.kill(killed, 'SIGKILL');
    await waitFor(() => !readerSocket.socket.connected, 10_000, 'the socket losing its worker');
    await waitFor(() => /a worker stopped: starting it again/.test(platform.output()), 10_000, 'the primary’s log');
    // The other worker takes every new connection meanwhile.
    const meanwhile = await Promise.all(Array.from({ length: 4 }, () => onAnyWorker(platform.base, '/api/health')));
    expect(meanwhile.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await waitFor(() => readerSocket.socket.connected, 20_000, 'the socket reconnecting');
    expect(readerSocket.handshakes()).toBeGreaterThan(1);
    await waitFor(() => workerPids().has(1) && workerPids().get(1) !== killed, 30_000, 'slot 1 serving again');
    expect(platform.running()).toBe(true);

    // Both workers answer, and a message reaches the reconnected socket wherever it is now.
    const id = randomUUID();
    expect((await send(1, sender, reader, id)).status).toBe(201);
    expect((await onWorker(platform.base, 2, '/api/auth/user', { cookie: reader.cookie })).status).toBe(200);
    await waitFor(() => pushed.some((push) => push.message.id === id), 10_000, 'the message on the reconnected socket');
  });
});

/** Each slot's latest process id, as the primary logged it ('worker serving'). */
function workerPids(): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of platform.output().split('\n')) {
    if (!line.includes('"msg":"worker serving"')) continue;
    const { worker, pid } = JSON.parse(line) as { worker: number; pid: number };
    pids.set(worker, pid);
  }
  return pids;
}

/** A post by `author` in everyone's feed: approved by the admin if posts wait. */
async function approvedPost(author: Session): Promise<string> {
  const form = new FormData();
  form.set('category', 'trending');
  form.set('content', `Un post di ${author.id}`);
  let created: { status: string; item: { post: { id: string } } | null } | undefined;
  // Content hears of the approval through identity's events: the post goes through once it has.
  await waitFor(
    async () => {
      const answer = await fetch(`${platform.base}/api/posts`, {
        method: 'POST',
        headers: { cookie: author.cookie },
        body: form,
      });
      if (answer.status !== 201) return false;
      created = (await answer.json()) as typeof created;
      return true;
    },
    10_000,
    'content hearing of the approval',
  );
  const postId = created?.item?.post.id;
  if (!postId) throw new Error('the post was answered without its id');
  if (created?.status === 'pending') {
    const decided = await onWorker(platform.base, 1, `/api/admin/posts/${postId}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
  }
  return postId;
}
