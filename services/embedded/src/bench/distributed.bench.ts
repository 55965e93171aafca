/**
 * `npm run bench`, last: paid messages through the distributed shape (issue 25, Targets): each service a process on
 * the real engines (Kafka, FerretDB on PostgreSQL, Redis, S3) and two BFF replicas, the senders on the first, the
 * recipients' sockets on the second, so that each message crosses Kafka from one replica to the other. Measured: the
 * send-to-socket p99 at 250 messages/s (target under 100 ms) and the highest rate with p99 under 100 ms, next to the
 * embedded shape's (the built `npm start` platform) in the same run. The engines are those TIP_ENGINES_RUN names if
 * they run, else started here in a run directory of this bench's own and stopped at the end. Skipped, saying why,
 * without Java, Go or PostgreSQL 15 (what deploy/engines needs).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { createLogger, freePort, loadConfig } from '@tip/platform';
import { MongoDocumentStore } from '@tip/platform/real-engines';
import { atLeast, reportTarget, under } from '@tip/platform/bench';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { embeddedConfigSchema } from '../platform.js';
import { launchProcesses } from '../process-platform.js';
import { feedMembersOn, firstPageServed, POSTS, seedThrough, startSeeded, withSeededFeed } from './feed-data.js';
import { LIVE_CONNECTIONS, liveMix } from './live-mix.js';
import { approvedMember, json, signIn, type Session } from './members.js';
import { cpuPerUnit } from './machine-cpu.js';
import { ms, openSocket, paidLoad, percentile, sleep, STEP_S, type Send } from './paid-load.js';

const PAIRS = 20;
// The most an admin adds at once (5,000 paid messages a sender).
const CREDITS = 10_000;
const TARGET_P99_MS = 100;
const TARGET_RATE = 250;
/** Slow enough that no send waits for another's: the shape's own latency, beside the knee's rounds. */
const FLOOR_RATE = 10;
const ENGINES = fileURLToPath(new URL('../../../../deploy/engines/main.mjs', import.meta.url));
const LIMITS = {
  REGISTER_LIMIT_PER_ADDRESS: '1000',
  LOGIN_LIMIT_PER_ADDRESS: '1000',
  // The abuse limits are not what is measured: every sender writes from this one address, far faster than people.
  MESSAGES_LIMIT_PER_MEMBER: '1000000',
  MESSAGES_LIMIT_PER_ADDRESS: '1000000',
  ADMIN_LIMIT_PER_MEMBER: '1000',
};

/** What deploy/engines needs and this machine lacks. */
function missingTools(): string[] {
  const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
  return [
    ...(runs('java', ['-version']) ? [] : ['Java']),
    ...(runs('go', ['version']) ? [] : ['Go']),
    ...(existsSync('/usr/lib/postgresql/15/bin/postgres') ? [] : ['PostgreSQL 15']),
  ];
}

/** `node deploy/engines/main.mjs <command>` in `runDir`; answers its output. */
async function engines(command: 'start' | 'stop' | 'env', runDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [ENGINES, command], {
    env: { ...process.env, TIP_ENGINES_RUN: runDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const settingsOf = (env: string) =>
  Object.fromEntries([...env.matchAll(/^export (\w+)='(.*)'$/gm)].map(([, name, value]) => [name, value])) as Record<
    string,
    string
  >;

/** Pairs of members on `senderBase`, the recipients' sockets opened on `socketBase`, and their paid sends. */
async function pairsOn(senderBase: string, socketBase: string, admin: { email: string; password: string }) {
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#553377' } })
    .jpeg()
    .toBuffer();
  const adminSession = await signIn(senderBase, admin);
  const senders: Session[] = [];
  const recipients: Session[] = [];
  // Names of this run's own: engines already running (TIP_ENGINES_RUN) keep the members of earlier runs.
  const run = Date.now().toString(36).slice(-5);
  for (let i = 0; i < PAIRS; i++) {
    senders.push(await approvedMember(senderBase, adminSession, `mittente${i}${run}`, photo, CREDITS));
    recipients.push(await approvedMember(senderBase, adminSession, `destinataria${i}${run}`, photo));
  }
  // Messaging hears of the approvals through identity's events.
  await sleep(2000);
  const load = paidLoad(PAIRS);
  const sockets: Socket[] = [];
  for (const recipient of recipients) {
    const socket = await openSocket(socketBase, { cookie: recipient.cookie });
    sockets.push(socket);
    load.listen(socket);
  }
  const send: Send = (pair, id, i) =>
    fetch(`${senderBase}/api/messages`, {
      method: 'POST',
      ...json({ id, recipientId: recipients[pair]?.id, content: `messaggio ${i}` }),
      headers: { 'content-type': 'application/json', cookie: senders[pair]?.cookie ?? '' },
    });
  return { load, send, close: () => sockets.forEach((socket) => socket.disconnect()) };
}

/** The live mix counts the admission gate's 503s beside its 2xx answers, as feed.bench does. */
const SHED_COUNTED = { countBusy: true };

/** The feed's live mix on npm start's shape over the feed's data, as feed.bench measures it. */
function embeddedLiveMix() {
  return withSeededFeed('distributed-bench-feed', async ({ dataDir, port, members }) => {
    const embedded = await startSeeded('main.js', dataDir, port, members[0] as Session);
    try {
      return await liveMix(`http://127.0.0.1:${port}`, members, {}, SHED_COUNTED);
    } finally {
      await embedded.running.stop();
    }
  });
}

/**
 * The feed's live mix on the first replica: the feed's members registered through it, their posts written into
 * content's collections through the services' MongoDB (`mongoUrl`).
 */
async function distributedLiveMix(base: string, admin: { email: string; password: string }, mongoUrl: string) {
  const members = await feedMembersOn(base, await signIn(base, admin), Date.now().toString(36).slice(-5));
  const store = await MongoDocumentStore.connect(mongoUrl);
  try {
    await seedThrough(
      store,
      members.map((member) => member.id),
    );
  } finally {
    await store.close();
  }
  // Content learns of the members through identity's events: the page is whole once it has.
  await firstPageServed(base, members[0] as Session);
  return liveMix(base, members, {}, SHED_COUNTED);
}

async function embeddedKnee(): Promise<number> {
  const platform = await startBuiltPlatform('distributed-bench', LIMITS);
  try {
    const { load, send, close } = await pairsOn(platform.base, platform.base, platform.admin);
    try {
      return await load.kneeOf('embedded', send, TARGET_P99_MS);
    } finally {
      close();
    }
  } finally {
    await platform.stop();
  }
}

/**
 * Until the replica is ready: identity answers it (its /api/health answers as soon as the BFF listens, and a sign-in
 * before identity's process serves fails the bench).
 */
async function untilReady(base: string) {
  const deadline = performance.now() + 180_000;
  for (;;) {
    const ok = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (performance.now() > deadline) throw new Error(`${base} was not ready within 180 s`);
    await sleep(500);
  }
}

/**
 * Paid messages sent on the first replica to sockets on the second: at a trickle (FLOOR_RATE, what one send costs
 * when nothing queues), the knee, then at 250/s, last so that its backlog is measured by no other round.
 */
async function paidMessages(first: string, second: string, admin: { email: string; password: string }) {
  const { load, send, close } = await pairsOn(first, second, admin);
  try {
    const { result: floor, ...cpu } = await cpuPerUnit(
      STEP_S * 1000,
      () => load.offer(FLOOR_RATE, STEP_S, send),
      (round) => round.delivered.length,
    );
    const knee = await load.kneeOf('distributed', send, TARGET_P99_MS);
    return { floor, cpu, knee, at250: await load.offer(TARGET_RATE, STEP_S, send) };
  } finally {
    close();
  }
}

async function distributed(engineSettings: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-distributed-bench-'));
  // A database of this run's own: engines already running (TIP_ENGINES_RUN) keep the feeds of earlier runs.
  const mongoUrl = new URL(engineSettings.MONGO_URL ?? '');
  mongoUrl.pathname = `/tip_bench_${Date.now().toString(36)}`;
  const settings = { ...engineSettings, MONGO_URL: mongoUrl.href };
  const admin = { email: 'distributed-bench-admin@tip.local', password: 'distributed-bench-password-1' };
  const bffPorts = [await freePort(), await freePort()];
  Object.assign(process.env, LIMITS, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PORT: String(bffPorts[0]),
  });
  const config = loadConfig(embeddedConfigSchema);
  let gaveUp = false;
  const platform = await launchProcesses({
    config,
    dataDir,
    logger: createLogger('distributed-bench', 'warn'),
    engines: settings,
    bffPorts,
    onGiveUp: () => (gaveUp = true),
  });
  try {
    const [first, second] = bffPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    await untilReady(first);
    await untilReady(second);
    const paid = await paidMessages(first, second, admin);
    const feed = await distributedLiveMix(first, admin, settings.MONGO_URL);
    if (gaveUp) throw new Error('a process of the distributed shape kept crashing');
    return { ...paid, feed };
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const missing = missingTools();
  if (missing.length) {
    console.log(`distributed bench skipped: deploy/engines needs ${missing.join(', ')}, which this machine lacks`);
    return;
  }
  const given = process.env.TIP_ENGINES_RUN;
  const running = given ? await engines('env', given).catch(() => undefined) : undefined;
  const runDir = running ? (given as string) : mkdtempSync(join(tmpdir(), 'tip-engines-bench-'));
  try {
    const settings = settingsOf(running ?? (await engines('start', runDir), await engines('env', runDir)));
    const embedded = await embeddedKnee();
    const embeddedFeed = await embeddedLiveMix();
    const { floor, cpu, at250, knee, feed } = await distributed(settings);
    const failed = [...at250.failed.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\ndistributed, ${FLOOR_RATE}/s for ${STEP_S} s: send to socket p50 ${ms(percentile(floor.delivered, 0.5))}, p99 ${ms(percentile(floor.delivered, 0.99))}, ${floor.delivered.length} of ${floor.offered} delivered`,
    );
    // Every process of the machine by part: what a send costs where, beyond what the machine spends at rest.
    const figures = (entries: (readonly [string, number])[]) =>
      entries
        .filter(([, ms]) => ms >= 0.5)
        .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
        .join(', ');
    const sum = (entries: (readonly [string, number])[]) => entries.reduce((total, [, ms]) => total + ms, 0).toFixed(0);
    console.log(`  CPU per paid send, ms (${sum(cpu.perUnit)} in all): ${figures(cpu.perUnit)}`);
    console.log(`  CPU at rest, ms a second (${sum(cpu.atRest)} in all): ${figures(cpu.atRest)}`);
    console.log(
      `\ndistributed, ${TARGET_RATE}/s for ${STEP_S} s: ${at250.delivered.length} of ${at250.offered} delivered, answered p50 ${ms(percentile(at250.answered, 0.5))}, refused ${at250.refused.length}, failed ${failed}`,
    );
    const mixLine = (name: string, mix: Awaited<ReturnType<typeof liveMix>>) =>
      `${name} ${mix.answeredRps.toFixed(0)} req/s, p50 ${mix.p50.toFixed(1)} ms, p99 ${mix.p99.toFixed(1)} ms, busy ${mix.busy}`;
    console.log(
      `feed live mix (${LIVE_CONNECTIONS} connections, ${POSTS} posts): ${mixLine('embedded', embeddedFeed)}; ${mixLine('distributed (one replica)', feed)}; distributed / embedded ${(feed.answeredRps / embeddedFeed.answeredRps).toFixed(2)}`,
    );
    reportTarget(
      'distributed',
      under(
        `send-to-socket p99 at ${TARGET_RATE} messages/s (2 BFF replicas, Kafka)`,
        percentile(at250.delivered, 0.99),
        TARGET_P99_MS,
        'ms',
      ),
    );
    reportTarget(
      'distributed',
      atLeast(
        `highest rate with send-to-socket p99 < ${TARGET_P99_MS} ms (embedded shape, same run: ${embedded}/s)`,
        knee,
        TARGET_RATE,
        'messages/s',
      ),
    );
  } finally {
    if (!running) {
      await engines('stop', runDir);
      rmSync(runDir, { recursive: true, force: true });
    }
  }
}

await main();
