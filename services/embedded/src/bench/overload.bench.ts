/**
 * `npm run bench`, past capacity (issue 27, part 2), through the whole embedded platform as `npm start` runs it:
 * 1. the knee: the highest rate of paid messages (STEP_S at each rate tried, doubling, then halving the gap to within
 *    STEP_RATE/s) whose send-to-socket p99 stays under 50 ms with none refused (OVERLOAD_KNEE_RATE skips this), next
 *    to the same search against a bare Socket.IO relay (bare-relay.ts) in the same run;
 * 2. twice the knee offered for OVERLOAD_S: the answered sends' p99 (request to answer, and send to the recipient's
 *    socket), how fast refusals (503/429 with Retry-After) are answered, and any other failure;
 * 3. the books: each sender's charge against the messages stored for them (2 credits each, so never a charge without
 *    its message) and the messages accepted against those stored and delivered (nothing lost).
 * The senders do not retry: a refusal is counted as one. Each sender sends over its own CONNECTIONS_PER_SENDER
 * connections, as a browser would. Members are registered, approved and credited through the API; the load
 * generator runs here, on the same machine.
 */
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import sharp from 'sharp';
import { Agent, fetch as fetchThrough } from 'undici';
import type { Socket } from 'socket.io-client';
import { freePort, spawnNode, waitUntilServing } from '@tip/platform/processes';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { approvedMember, call, json, signIn, type Session } from './members.js';
import { ratioAtLeast, reportTarget, under } from '@tip/platform/bench';
import { ms, openSocket, paidLoad, percentile, sleep, STEP_RATE, type Send } from './paid-load.js';

const PAIRS = 20;
const CREDITS = 10_000;
const MESSAGE_PRICE = 2;
const TARGET_P99_MS = 50;
const OVERLOAD_S = 20;
const KNEE_RATE = Number(process.env.OVERLOAD_KNEE_RATE ?? 0);
/**
 * The connections each sender keeps to Tip, as a browser does to one origin over HTTP/1.1. Without a bound, fetch
 * opened a connection for every send that found the sender's busy: past capacity, thousands of handshakes at once
 * overflowed the kernel's accept queue (TcpExtListenOverflows), and TCP retried each dropped one 1 s, then 3 s
 * later, so a refusal's time was the load generator's handshakes (seconds) rather than the server's answer.
 */
const CONNECTIONS_PER_SENDER = 6;

/**
 * The knee of a bare Socket.IO relay (bare-relay.ts) in its own process, measured by the same search: one socket per
 * recipient, each send a POST that the relay emits to that socket.
 */
async function bareRelayKnee(
  kneeOf: (what: string, send: Send) => Promise<number>,
  listen: (socket: Socket) => void,
): Promise<number> {
  const port = await freePort();
  const relay = spawnNode(fileURLToPath(new URL('./bare-relay.js', import.meta.url)), {
    ...process.env,
    BARE_PORT: String(port),
  });
  const base = `http://127.0.0.1:${port}`;
  const opened: Socket[] = [];
  try {
    await waitUntilServing(`${base}/`, relay);
    for (let pair = 0; pair < PAIRS; pair++) {
      const socket = await openSocket(base, { member: `r${pair}` });
      opened.push(socket);
      listen(socket);
    }
    return await kneeOf('bare relay', (pair, id) =>
      fetch(`${base}/send`, { method: 'POST', ...json({ id, to: `r${pair}` }) }),
    );
  } finally {
    for (const socket of opened) socket.disconnect();
    await relay.stop();
  }
}

async function main() {
  const platform = await startBuiltPlatform('overload-bench', {
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    // The abuse limits are not what is measured: every sender writes from this one address, far faster than people.
    MESSAGES_LIMIT_PER_MEMBER: '1000000',
    MESSAGES_LIMIT_PER_ADDRESS: '1000000',
    ADMIN_LIMIT_PER_MEMBER: '1000',
  });
  const { base } = platform;
  const sockets: Socket[] = [];
  const agents: Agent[] = [];
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#553377' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const senders: Session[] = [];
    const recipients: Session[] = [];
    for (let i = 0; i < PAIRS; i++) {
      senders.push(await approvedMember(base, admin, `mittente${i}`, photo, CREDITS));
      recipients.push(await approvedMember(base, admin, `destinataria${i}`, photo));
    }
    // Messaging hears of the approvals through identity's events.
    await sleep(1000);
    const load = paidLoad(PAIRS);
    const listen = (socket: Socket) => {
      sockets.push(socket);
      load.listen(socket);
    };
    for (const recipient of recipients) listen(await openSocket(base, { cookie: recipient.cookie }));
    const accepted = new Array<number>(PAIRS).fill(0);
    const browsers = senders.map(() => new Agent({ connections: CONNECTIONS_PER_SENDER }));
    agents.push(...browsers);
    /** A paid message from the pair's sender to its recipient, through Tip, over the sender's own connections. */
    const paidSend: Send = (pair, id, i) =>
      fetchThrough(`${base}/api/messages`, {
        method: 'POST',
        ...json({ id, recipientId: recipients[pair]?.id, content: `messaggio ${i}` }),
        headers: { 'content-type': 'application/json', cookie: senders[pair]?.cookie ?? '' },
        dispatcher: browsers[pair],
      });

    const countAccepted = (pair: number) => (accepted[pair] = (accepted[pair] ?? 0) + 1);
    // The books count Tip's sends alone.
    const kneeOf = (what: string, send: Send) =>
      load.kneeOf(what, send, TARGET_P99_MS, send === paidSend ? countAccepted : undefined);

    // 1. The knee, Tip's and a bare relay's.
    const knee = KNEE_RATE || (await kneeOf('Tip', paidSend));
    if (!knee) throw new Error(`not even ${STEP_RATE} messages/s stayed under ${TARGET_P99_MS} ms: no knee to double`);
    const relayKnee = await bareRelayKnee(kneeOf, listen);
    reportTarget(
      'chat',
      ratioAtLeast(
        `paid messages / bare Socket.IO relay, highest rate with p99 < ${TARGET_P99_MS} ms (${knee}/s, ${relayKnee}/s)`,
        knee / relayKnee,
        0.25,
      ),
    );

    // 2. Twice the knee.
    const machineLoad = loadavg()[0] ?? 0;
    const overload = await load.offer(2 * knee, OVERLOAD_S, paidSend, countAccepted);

    // 3. The books, once the last events have been applied.
    await sleep(2000);
    let charged = 0;
    let stored = 0;
    let mismatched = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const sender = senders[pair] as Session;
      const { credits } = (await (await call(base, '/api/auth/user', { cookie: sender.cookie })).json()) as {
        credits: number;
      };
      let count = 0;
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await call(
          base,
          `/api/messages/${recipients[pair]?.id}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { cookie: sender.cookie },
        );
        count += ((await page.json()) as unknown[]).length;
        cursor = page.headers.get('x-next-cursor');
      }
      const paid = CREDITS - credits;
      charged += paid;
      stored += count;
      if (paid !== MESSAGE_PRICE * count || count !== accepted[pair]) mismatched += 1;
    }

    const acceptedTotal = accepted.reduce((a, b) => a + b, 0);
    const failed = [...overload.failed].sort((a, b) => b[1] - a[1]);
    const statuses = [...overload.refusedByStatus].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(
      `\npast capacity: the knee ${knee}/s (send-to-socket p99 < ${TARGET_P99_MS} ms), then ${2 * knee}/s for ${OVERLOAD_S} s`,
    );
    console.log(
      `machine load (1 min) as the overload began: ${machineLoad.toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.log(
      `answered: ${overload.answered.length} of ${overload.offered}, p50 ${ms(percentile(overload.answered, 0.5))}; send to socket p99 ${ms(percentile(overload.delivered, 0.99))}, delivered ${overload.delivered.length}`,
    );
    reportTarget(
      'overload',
      under(`p99 of answered requests at ${2 * knee}/s`, percentile(overload.answered, 0.99), 250, 'ms'),
    );
    console.log(
      `refused: ${overload.refused.length} (${statuses || 'none'}), answered in p50 ${ms(percentile(overload.refused, 0.5))}, p99 ${ms(percentile(overload.refused, 0.99))}`,
    );
    reportTarget('overload', under('slowest refusal', percentile(overload.refused, 1), 50, 'ms'));
    console.log(
      `other failures: ${failed.length ? failed.map(([reason, count]) => `${count} × ${reason}`).join(', ') : 'none'}`,
    );
    console.log(
      `books: ${acceptedTotal} accepted over the run, ${stored} stored, ${charged} credits charged (${MESSAGE_PRICE} a message: ${charged === MESSAGE_PRICE * stored ? 'none charged without being stored' : 'MISMATCH'}), ${overload.answered.length - overload.delivered.length} accepted but not delivered; ${mismatched} sender(s) whose books differ`,
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(agents.map((agent) => agent.close()));
    await platform.stop();
  }
}

await main();
