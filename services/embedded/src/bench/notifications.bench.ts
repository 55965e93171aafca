/**
 * `npm run bench`, notifications' part, through the whole embedded platform:
 * - 500 notification-producing events a second (likes of posts, messages, purchases, in turn), each for one of 200
 *   members whose page holds a socket, and the time from the event's publication to the `notification` push that
 *   counts it on that member's socket (p50, p99), after a warm-up at the same rate that is not timed; one event in ten
 *   is published twice, as a redelivery would, and must make no second notification. At the end every member has
 *   exactly one unread notification per event sent to them: nothing lost, nothing doubled.
 * - a member with 10,000 notifications: their first page (GET /api/notifications) and their unread count (GET
 *   /api/notifications/unread-count), asked one at a time (p50, p99).
 * - the same 500 events a second once every member has a device subscribed and every group on for it, on a local push
 *   service's stand-in that decrypts each push as a browser would: the time from the event to the push arriving there
 *   (p50, p99), and whether each member's device got exactly one push per event (a redelivered event pushes nothing).
 *   Messages are not held for this (PUSH_HOLD_MS=0): what is timed is the sending.
 * Members are registered and approved through the API and watch from here; the events are published onto the
 * platform's own event log (the embedded log: several processes share it), as the services that own them would.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { createLogger, openEventBus, type EventBus, type EventEnvelope } from '@tip/platform';
import { PostCreated, PostEngagementChanged } from '@tip/content/contract';
import { MessageSent } from '@tip/messaging/contract';
import { CreditsPurchased } from '@tip/wallet/contract';
import { startPushServiceStandIn, type StandInDevice } from '@tip/notifications/testing';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { arrivalRate } from './measure.js';
import { approvedMember, call, callWhenServed, json, signIn, type Session } from './members.js';
import { atLeast, reportTarget, under } from '@tip/platform/bench';

const MEMBERS = 200;
const RATE_PER_S = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = 10;
const WARM_UP_S = 3;
/** One event in this many is published a second time. */
const REDELIVER_EVERY = 10;
const HISTORY = 10_000;
const READS = 1_000;

/** Where each kind of event travels. */
const TOPICS: Record<string, string> = {
  [PostEngagementChanged.type]: PostEngagementChanged.topic,
  [MessageSent.type]: MessageSent.topic,
  [CreditsPurchased.type]: CreditsPurchased.topic,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openSocket(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, { path: '/ws', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const percentile = (sorted: number[], q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(1);

/** A purchase of `amount` credits confirmed for `userId`: a notification of its own. */
function purchase(userId: string, amount = 10): EventEnvelope {
  return CreditsPurchased.create(
    userId,
    {
      accountId: `bench-${userId}`,
      userId,
      entryId: randomUUID(),
      sequence: 1,
      amount,
      balanceAfter: amount,
      reference: { type: 'payment', id: randomUUID() },
      occurredAt: new Date().toISOString(),
      paymentId: randomUUID(),
      productId: 'credits-10',
      amountCents: 999,
      currency: 'eur',
    },
    'bench',
  );
}

/**
 * The n-th event for `userId`, each a new unread notification of theirs (a new post's like, a new conversation's
 * message, a purchase), and the posts it needs made known first.
 */
function eventFor(userId: string, n: number, posts: string[]): EventEnvelope {
  const actor = `bench-actor-${n}`;
  if (n % 3 === 0) {
    const postId = posts.pop() ?? randomUUID();
    return PostEngagementChanged.create(postId, { postId, what: 'likes', userId: actor, liked: true }, 'bench');
  }
  if (n % 3 === 1) {
    const conversation = `${actor}:${userId}:${randomUUID()}`;
    const sent = { messageId: randomUUID(), conversation, senderId: actor, recipientId: userId };
    return MessageSent.create(conversation, { ...sent, sentAt: new Date().toISOString() }, 'bench');
  }
  return purchase(userId);
}

async function main() {
  // The devices' push service, whose certificate the platform trusts; each push it takes is timed as it arrives.
  const arrivals = new Map<string, number[]>();
  const pushService = await startPushServiceStandIn((device) =>
    arrivals.set(device.endpoint, [...(arrivals.get(device.endpoint) ?? []), performance.now()]),
  );
  const certificateDir = mkdtempSync(join(tmpdir(), 'tip-push-service-'));
  const certificate = join(certificateDir, 'certificate.pem');
  writeFileSync(certificate, pushService.certificate);
  const platform = await startBuiltPlatform('notifications-bench', {
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    ADMIN_LIMIT_PER_MEMBER: '10000',
    ADMIN_LIMIT_PER_ADDRESS: '10000',
    NODE_EXTRA_CA_CERTS: certificate,
    // The stand-in on loopback is a push service for this platform only.
    PUSH_SERVICE_HOSTS: pushService.pushOptions.pushServiceHosts.join(','),
    PUSH_HOLD_MS: '0',
  });
  const { base, dataDir } = platform;
  const sockets: Socket[] = [];
  let events: EventBus | undefined;
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#775533' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const members: Session[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await approvedMember(base, admin, `campanella${i}`, photo));
    const reader = await approvedMember(base, admin, 'lettrice', photo);
    events = await openEventBus({ dataDir, logger: createLogger('notifications-bench', 'warn') });
    const log = events;

    // Each member's unread count starts at their approval's notification, once notifications has told them of it.
    const unread = async (member: Session) =>
      (
        (await (await callWhenServed(base, '/api/notifications/unread-count', { cookie: member.cookie })).json()) as {
          count: number;
        }
      ).count;
    for (const member of [...members, reader]) {
      while ((await unread(member)) < 1) await sleep(50);
    }

    // The posts the likes are about, made known as content would (one per like to come, in both rounds).
    const total = 2 * RATE_PER_S * (WARM_UP_S + DURATION_S);
    const posts: string[] = [];
    for (let n = 0; n < total; n += 1) {
      if (n % 3 !== 0) continue;
      const member = members[n % MEMBERS] as Session;
      const postId = randomUUID();
      posts.push(postId);
      await log.publish(PostCreated.topic, [
        PostCreated.create(
          postId,
          {
            postId,
            authorId: member.id,
            category: 'trending',
            status: 'approved',
            isPremium: false,
            hasMedia: false,
            createdAt: new Date().toISOString(),
          },
          'bench',
        ),
      ]);
    }
    posts.reverse();
    await sleep(3000);

    // 1. Events at a fixed rate. Each member's k-th event makes their unread count 1 + k: the first push saying so
    //    (or more) delivers it. Counts never go down meanwhile (nobody reads), so this times every event exactly.
    const due = new Map<string, { count: number; at: number; timed: boolean }[]>();
    const latencies: number[] = [];
    for (const member of members) {
      const socket = await openSocket(base, member.cookie);
      sockets.push(socket);
      socket.on('notification', (event: { unreadCount: number }) => {
        const now = performance.now();
        const waiting = due.get(member.id) ?? [];
        while (waiting[0] && waiting[0].count <= event.unreadCount) {
          const arrived = waiting.shift();
          if (arrived?.timed) latencies.push(now - arrived.at);
        }
      });
    }
    const sent = new Map<string, number>(members.map((member) => [member.id, 1]));
    let published = 0;
    /** Publishes `count` events at the rate, in turn to each member; `onEvent` hears of each as it goes out. */
    const publishAtRate = async (count: number, onEvent: (member: Session, at: number) => void) => {
      const began = performance.now();
      for (let i = 0; i < count; i++) {
        const wait = began + (i * 1000) / RATE_PER_S - performance.now();
        if (wait > 1) await sleep(wait);
        const member = members[published % MEMBERS] as Session;
        const event = eventFor(member.id, published, posts);
        published += 1;
        onEvent(member, performance.now());
        const copies = published % REDELIVER_EVERY === 0 ? [event, event] : [event];
        await log.publish(TOPICS[event.type] ?? '', copies);
      }
    };
    const toSocket = (timed: boolean) => (member: Session, at: number) => {
      const expected = (sent.get(member.id) ?? 0) + 1;
      sent.set(member.id, expected);
      const list = due.get(member.id) ?? [];
      list.push({ count: expected, at, timed });
      due.set(member.id, list);
    };
    await publishAtRate(RATE_PER_S * WARM_UP_S, toSocket(false));
    const began = performance.now();
    await publishAtRate(RATE_PER_S * DURATION_S, toSocket(true));
    const timedTotal = RATE_PER_S * DURATION_S;
    const deadline = performance.now() + 15_000;
    while (latencies.length < timedTotal && performance.now() < deadline) await sleep(50);
    const seconds = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    // Settled (every member's count reached what was sent, or 30 s passed), then a moment more for any doubled
    // event to show: what each member's bell and list say, against what was sent to them.
    const settling = performance.now() + 30_000;
    const counts = async () => Promise.all(members.map(async (member) => [member.id, await unread(member)] as const));
    while ((await counts()).some(([id, count]) => count < (sent.get(id) ?? 0)) && performance.now() < settling)
      await sleep(500);
    await sleep(1000);
    let exact = 0;
    const wrong: string[] = [];
    for (const member of members) {
      const [count, listed] = [await unread(member), await countAll(base, member)];
      if (count === sent.get(member.id) && listed === count) exact += 1;
      else wrong.push(`${member.id}: ${count} unread and ${listed} listed, ${sent.get(member.id)} sent`);
    }

    // 2. A member with 10,000 notifications: purchases, as fast as notifications takes them. The last one is of
    //    another amount: once it is listed, every one before it is there too (one member's, handled in order).
    const seeding = performance.now();
    const history = Array.from({ length: HISTORY }, (_, i) => purchase(reader.id, i === HISTORY - 1 ? 7 : 10));
    for (let i = 0; i < HISTORY; i += 500) await log.publish(CreditsPurchased.topic, history.slice(i, i + 500));
    const lastListed = async () =>
      (
        (await (await callWhenServed(base, '/api/notifications', { cookie: reader.cookie })).json()) as {
          notifications: { credits: number | null }[];
        }
      ).notifications.some((notification) => notification.credits === 7);
    while (!(await lastListed())) await sleep(200);
    const seededS = (performance.now() - seeding) / 1000;
    const held = await countAll(base, reader);
    const timed = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const started = performance.now();
        await (await call(base, path, { cookie: reader.cookie })).arrayBuffer();
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    const firstPage = await timed('/api/notifications');
    const count = await timed('/api/notifications/unread-count');

    // 3. The same rate to devices: every member subscribes one and turns every group on for it.
    const devices = new Map<string, StandInDevice>();
    const everyGroup = { messages: true, posts: true, decisions: true, credits: true, queues: true };
    for (const member of members) {
      const device = pushService.device();
      devices.set(member.id, device);
      const { endpoint, keys } = device;
      const subscription = { endpoint, keys, language: 'it' };
      await call(base, '/api/notifications/push/subscriptions', {
        method: 'POST',
        cookie: member.cookie,
        ...json(subscription),
      });
      const preferences = { inApp: everyGroup, push: everyGroup, previews: false, quietHours: null };
      await call(base, '/api/notifications/preferences', {
        method: 'PUT',
        cookie: member.cookie,
        ...json(preferences),
      });
    }
    const pushedAt = new Map<string, { at: number; timed: boolean }[]>();
    const toDevice = (timed: boolean) => (member: Session, at: number) =>
      pushedAt.set(member.id, [...(pushedAt.get(member.id) ?? []), { at, timed }]);
    await publishAtRate(RATE_PER_S * WARM_UP_S, toDevice(false));
    await publishAtRate(RATE_PER_S * DURATION_S, toDevice(true));
    const arrived = () =>
      members.reduce((sum, member) => sum + (arrivals.get(devices.get(member.id)?.endpoint ?? '')?.length ?? 0), 0);
    const pushTotal = RATE_PER_S * (WARM_UP_S + DURATION_S);
    const pushDeadline = performance.now() + 30_000;
    while (arrived() < pushTotal && performance.now() < pushDeadline) await sleep(50);
    await sleep(1000);
    // A member's pushes are sent 16 at a time and may arrive out of turn: the k-th to arrive is timed against the
    // k-th event sent to them (both in time order).
    const pushLatencies: number[] = [];
    const timedArrivals: number[] = [];
    let exactDevices = 0;
    for (const member of members) {
      const events = pushedAt.get(member.id) ?? [];
      const times = arrivals.get(devices.get(member.id)?.endpoint ?? '') ?? [];
      if (times.length === events.length) exactDevices += 1;
      events.forEach(({ at, timed }, k) => {
        const time = times[k];
        if (timed && time !== undefined) {
          pushLatencies.push(time - at);
          timedArrivals.push(time);
        }
      });
    }
    pushLatencies.sort((a, b) => a - b);
    const pushRate = arrivalRate(timedArrivals);
    const timedPushes = RATE_PER_S * DURATION_S;

    console.log(
      `\nnotifications: ${timedTotal} events at ${RATE_PER_S}/s for ${MEMBERS} members with a socket each (after ${WARM_UP_S} s at that rate), one in ${REDELIVER_EVERY} published twice`,
    );
    console.log(
      `event to socket: ${latencies.length} of ${timedTotal} delivered (${(latencies.length / seconds).toFixed(0)}/s), p50 ${percentile(latencies, 0.5)} ms`,
    );
    reportTarget('notifications', under('event to socket p99', Number(percentile(latencies, 0.99)), 100, 'ms'));
    console.log(
      `nothing lost or doubled: ${exact} of ${MEMBERS} members have exactly one unread notification per event sent to them${wrong.length > 0 ? `; not: ${wrong.slice(0, 3).join('; ')}` : ''}`,
    );
    console.log(
      `a member with ${held} notifications (${HISTORY} purchases made in ${seededS.toFixed(1)} s): first page p50 ${percentile(firstPage, 0.5)} ms, p99 ${percentile(firstPage, 0.99)} ms; unread count p50 ${percentile(count, 0.5)} ms, p99 ${percentile(count, 0.99)} ms, ${READS} requests each, one at a time`,
    );
    console.log(
      `to devices (Web Push to a local push service, decrypted there): ${pushLatencies.length} of ${timedPushes} pushed (arriving at ${pushRate.toFixed(0)}/s), event to device p50 ${percentile(pushLatencies, 0.5)} ms, p99 ${percentile(pushLatencies, 0.99)} ms; ${exactDevices} of ${MEMBERS} devices got exactly one push per event`,
    );
    reportTarget(
      'notifications',
      under('first page of a long history, p99', Number(percentile(firstPage, 0.99)), 20, 'ms'),
    );
    reportTarget('notifications', atLeast('pushes to devices', pushRate, 500, '/s'));
  } finally {
    for (const socket of sockets) socket.disconnect();
    await events?.close();
    await platform.stop();
    await pushService.close();
    rmSync(certificateDir, { recursive: true, force: true });
  }
}

/** How many notifications the member has, counted through the list's pages. */
async function countAll(base: string, member: Session): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const query: string = `/api/notifications?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await (await callWhenServed(base, query, { cookie: member.cookie })).json()) as {
      notifications: unknown[];
      nextCursor: string | null;
    };
    total += page.notifications.length;
    cursor = page.nextCursor;
  } while (cursor);
  return total;
}

await main();
