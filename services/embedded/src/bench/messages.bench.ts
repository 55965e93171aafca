/**
 * `npm run bench`, messaging's part, through the whole embedded platform:
 * - 5,000 sockets held open by the BFF, and the resident memory each costs while idle: one per recipient, the rest
 *   a member who only listens (each message reaches one socket, as when members have a tab open each);
 * - messages sent through POST /api/messages at a fixed rate, and the time from the send request to the event on
 *   the recipient's socket (delivered per second, p50 and p99), after a warm-up at the same rate that is not timed.
 * Members are registered, approved and credited through the API; the sockets and the senders run here.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { arrivalRate, residentMb } from './measure.js';
import { approvedMember, call, json, signIn, type Session } from './members.js';
import { atLeast, atMost, reportTarget, under } from '@tip/platform/bench';

const SOCKETS = 5_000;
const RECIPIENTS = 50;
const SENDERS = 10;
const RATE_PER_S = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = 10;
const WARM_UP_S = 3;

function openSocket(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, { path: '/ws', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const platform = await startBuiltPlatform('messages-bench', {
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    // Ten senders at 500 messages a second from this one address, after one admin approved and credited them all.
    MESSAGES_LIMIT_PER_MEMBER: '100000',
    MESSAGES_LIMIT_PER_ADDRESS: '100000',
    ADMIN_LIMIT_PER_MEMBER: '1000',
  });
  const { base } = platform;
  const sockets: Socket[] = [];
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const recipients: Session[] = [];
    for (let i = 0; i < RECIPIENTS; i++) recipients.push(await approvedMember(base, admin, `destinataria${i}`, photo));
    const listener = await approvedMember(base, admin, 'ascoltatore', photo);
    const senders: Session[] = [];
    for (let i = 0; i < SENDERS; i++) senders.push(await approvedMember(base, admin, `mittente${i}`, photo, 10_000));
    // Messaging hears of the approvals through identity's events.
    await sleep(1000);

    // 1. 5,000 sockets, spread over the recipients, and what they cost the BFF while idle.
    await sleep(2000);
    const before = residentMb(platform.pid);
    for (let i = 0; i < SOCKETS; i++) {
      const owner = i < RECIPIENTS ? recipients[i] : listener;
      sockets.push(await openSocket(base, owner?.cookie ?? ''));
    }
    await sleep(5000);
    const after = residentMb(platform.pid);
    const perSocketKb = ((after - before) * 1024) / SOCKETS;

    // 2. Messages at a fixed rate, each timed from its send to the first socket event that carries it. The first
    //    WARM_UP_S at the same rate are not timed: they measure the JIT and the caches filling, not a running platform.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const arrivals: number[] = [];
    const answers: number[] = [];
    for (const socket of sockets) {
      socket.on('message_received', (event: { message: { id: string } }) => {
        const started = sentAt.get(event.message.id);
        if (started === undefined) return;
        sentAt.delete(event.message.id);
        const now = performance.now();
        latencies.push(now - started);
        arrivals.push(now);
      });
    }
    let failed = 0;
    const reasons = new Map<string, number>();
    const sendAtRate = async (count: number, timed: boolean) => {
      const began = performance.now();
      const sends: Promise<void>[] = [];
      for (let i = 0; i < count; i++) {
        const due = began + (i * 1000) / RATE_PER_S;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const id = randomUUID();
        const started = performance.now();
        if (timed) sentAt.set(id, started);
        sends.push(
          call(base, '/api/messages', {
            method: 'POST',
            cookie: senders[i % SENDERS]?.cookie ?? '',
            ...json({ id, recipientId: recipients[i % RECIPIENTS]?.id, content: `messaggio ${i}` }),
          }).then(
            () => void (timed && answers.push(performance.now() - started)),
            (error: unknown) => {
              failed += 1;
              const reason = String((error as Error).message).slice(0, 60);
              reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
            },
          ),
        );
      }
      await Promise.all(sends);
    };
    await sendAtRate(RATE_PER_S * WARM_UP_S, false);
    const total = RATE_PER_S * DURATION_S;
    await sendAtRate(total, true);
    const deadline = performance.now() + 10_000;
    while (latencies.length + failed < total && performance.now() < deadline) await sleep(50);
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    const percentile = (q: number, of = latencies) => (of[Math.floor(q * (of.length - 1))] ?? 0).toFixed(1);

    console.log(
      `\nmessaging: ${SOCKETS} sockets on one BFF, ${total} messages at ${RATE_PER_S}/s (after ${WARM_UP_S} s at that rate)`,
    );
    console.log(`resident memory: ${before.toFixed(0)} MB before the sockets, ${after.toFixed(0)} MB after`);
    reportTarget('chat', atMost('resident memory per idle socket', perSocketKb, 25, 'KB'));
    console.log(`send request answered: p50 ${percentile(0.5, answers)} ms, p99 ${percentile(0.99, answers)} ms`);
    const [reason] = [...reasons].sort((a, b) => b[1] - a[1]);
    if (reason) console.log(`most failed sends: ${reason[1]} × ${reason[0]}`);
    console.log(
      `delivered: ${latencies.length} of ${total}, failed sends: ${failed}; send to socket event p50 ${percentile(0.5)} ms`,
    );
    reportTarget('chat', atLeast('paid messages delivered', arrivalRate(arrivals), 500, '/s'));
    reportTarget('chat', under(`send to socket p99 at ${RATE_PER_S}/s`, Number(percentile(0.99)), 30, 'ms'));
  } finally {
    for (const socket of sockets) socket.disconnect();
    await platform.stop();
  }
}

await main();
