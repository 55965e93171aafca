// Faults on the real engines (issue 25, part 4): the distributed shape on Kafka, FerretDB, Redis and S3, where a
// process dies in the middle of the work. Run by `npm run test:distributed`, which starts the engines; plain `npm
// test` has none and skips it, saying so.
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { AssignerProtocol, Kafka, logLevel, type Admin } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import { MESSAGING_MESSAGES_TOPIC } from '@tip/messaging/contract';
import { KafkaEventBus } from '@tip/platform/real-engines';
import { scaled, waitFor } from '@tip/platform/testing';
import { CreditsGranted, WALLET_LEDGER_TOPIC } from '@tip/wallet/contract';
import {
  ADMIN,
  describeOnEngines,
  register,
  send,
  signIn,
  START_HOOK_BUDGET_MS,
  startDistributed,
  type Distributed,
  type Member,
  type RunningBff,
  type RunningService,
} from './distributed.js';
import { killBroker, stopPostgres } from './engines/engine-control.mjs';

/** What a message costs its sender (messaging's MESSAGE_COST). */
const MESSAGE_COST = 2;
/** Paid sends in the burst, and how many go at once. */
const MESSAGES = 16;
const AT_ONCE = 4;
/** The consumer group of notifications' event handlers (services/notifications/src/infra/consumers.ts). */
const NOTIFICATIONS_GROUP = 'notifications.events';
/** Members the wallet's burst is about (its events' keys), and events for each. */
const ACCOUNTS = 12;
const GRANTS_EACH = 25;
/** Where the engines' run recorded its processes (deploy/engines/main.mjs). */
const runDir = process.env.TIP_ENGINES_RUN ?? join(tmpdir(), 'tip-engines');

jest.setTimeout(scaled(120_000));

describeOnEngines('faults on the real engines', engineFaults);

interface Sent {
  id: string;
  content: string;
}

/** A metric's value in a process's Prometheus answer, for the first series whose labels include `labels`. */
async function metricOf(metrics: string, name: string, labels: Record<string, string> = {}) {
  const text = await (await fetch(metrics, { signal: AbortSignal.timeout(scaled(10_000)) })).text();
  for (const line of text.split('\n')) {
    const [, metric, series = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
    if (metric === name && Object.entries(labels).every(([label, is]) => series.includes(`${label}="${is}"`)))
      return Number(value);
  }
  return undefined;
}

/** The partitions of `topic` that each member of `group` holds now (none while the group rebalances). */
async function holdings(admin: Admin, group: string, topic: string): Promise<number[][]> {
  const { groups } = await admin.describeGroups([group]);
  return (groups[0]?.members ?? []).map((member) =>
    [...(AssignerProtocol.MemberAssignment.decode(member.memberAssignment)?.assignment[topic] ?? [])].sort(),
  );
}

function engineFaults(engines: Readonly<Record<string, string>>) {
  let platform: Distributed;
  let url: string;
  let writer: Member;
  let reader: Member;

  const sendMessage = (message: Sent) =>
    send(url, writer.cookie, '/api/messages', 'POST', { ...message, recipientId: reader.id });
  /** The balance a BFF shows the member (through the gateway unless another address is given). */
  const creditsOf = async (member: Member, through = url) =>
    (
      (await (await fetch(`${through}/api/auth/user`, { headers: { cookie: member.cookie } })).json()) as {
        credits: number;
      }
    ).credits;
  /** The member's balance as the ledger holds it: the sum of every entry of their history, which the wallet answers. */
  const ledgerCreditsOf = async (member: Member) => {
    let sum = 0;
    let cursor = '';
    do {
      const response = await fetch(`${url}/api/transactions?limit=100&cursor=${cursor}`, {
        headers: { cookie: member.cookie },
      });
      for (const { amount } of (await response.json()) as { amount: number }[]) sum += amount;
      cursor = response.headers.get('x-next-cursor') ?? '';
    } while (cursor);
    return sum;
  };

  beforeAll(async () => {
    platform = await startDistributed({
      engines,
      // Two BFF replicas behind the gateway, and two processes of notifications sharing its consumer group.
      bffReplicas: 2,
      secondReplica: 'notifications',
      bffEnv: {
        // Rate limits live in the engines' Redis, keyed by address: every request here comes from 127.0.0.1.
        REGISTER_LIMIT_PER_ADDRESS: '1000',
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        // The outage's loop sends for ten seconds as fast as answers come: the limit must not answer for the database.
        MESSAGES_LIMIT_PER_MEMBER: '100000',
        MESSAGES_LIMIT_PER_ADDRESS: '100000',
      },
    });
    ({ url } = platform);
    const admin = await signIn(url, ADMIN.email, ADMIN.password);
    const tag = randomUUID().slice(0, 6);
    [writer, reader] = [await register(url, `guasto_${tag}_a`), await register(url, `guasto_${tag}_b`)];
    for (const member of [writer, reader]) {
      expect(
        (await send(url, admin.cookie, `/api/admin/users/${member.id}/verify`, 'PUT', { status: 'approved' })).status,
      ).toBe(200);
    }
    expect(
      (await send(url, admin.cookie, `/api/admin/users/${writer.id}/add-credits`, 'POST', { amount: 100 })).status,
    ).toBe(200);
    // Messaging hears of the approvals through events: the first message may wait for them a moment.
    await waitFor(
      async () => (await sendMessage({ id: randomUUID(), content: 'prima dei guasti' })).status === 201,
      20_000,
      'a first message',
    );
  }, START_HOOK_BUDGET_MS);

  afterAll(async () => {
    await platform?.stop();
  });

  /**
   * Sends MESSAGES paid messages, AT_ONCE at a time as a member's tabs would, and causes `fault` once a few were
   * answered, so that some are in flight when it strikes and the rest meet it; then `repair` (if any), and every
   * refused send retried with its id (as the web's outbox does) until it is taken. Checks that each message is in the
   * reader's thread once and charged once, and answers how long after the fault the first send was taken again.
   */
  async function sendThroughFault(fault: () => Promise<unknown>, repair?: () => Promise<unknown>): Promise<number> {
    // The ledger's own figure: a replica's shown balance may still wait for the last event of the test before.
    const before = await ledgerCreditsOf(writer);
    const burst = Array.from({ length: MESSAGES }, (_, index) => ({ id: randomUUID(), content: `pagato ${index}` }));
    const refused: Sent[] = [];
    let answered = 0;
    let faulted: Promise<unknown> | undefined;
    let faultAt = 0;
    let takenAgainAt = 0;
    const queue = [...burst];
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let message = queue.shift(); message; message = queue.shift()) {
          const sentAt = performance.now();
          const status = await sendMessage(message).then(
            (response) => response.status,
            () => 0,
          );
          if (status !== 201) refused.push(message);
          else if (faultAt && sentAt > faultAt && !takenAgainAt) takenAgainAt = performance.now();
          answered += 1;
          if (answered === AT_ONCE - 1) {
            faultAt = performance.now();
            faulted = fault();
          }
        }
      }),
    );
    await faulted;
    await repair?.();
    for (const message of refused) {
      await waitFor(
        async () => (await sendMessage(message)).status === 201,
        20_000,
        `the send of "${message.content}"`,
      );
      takenAgainAt ||= performance.now();
    }

    const thread = (await (
      await fetch(`${url}/api/messages/${writer.id}?limit=100`, { headers: { cookie: reader.cookie } })
    ).json()) as { message: { id: string } }[];
    const ids = thread.map(({ message }) => message.id);
    const sent = new Set<string>(burst.map((message) => message.id));
    expect(ids.filter((id) => sent.has(id)).sort()).toEqual([...sent].sort());
    expect(new Set(ids).size).toBe(ids.length);
    // Charged once for each message; and the balance each replica shows, which follows the sends' answers and the
    // wallet's events (answered out of order, late by a broker's failover), settles on it.
    const charged = before - MESSAGE_COST * MESSAGES;
    expect(await ledgerCreditsOf(writer)).toBe(charged);
    for (const bff of platform.bffs) {
      await waitFor(
        async () => (await creditsOf(writer, bff.url)) === charged,
        20_000,
        `${bff.url} to show the charge`,
      ).catch(async (error: unknown) => {
        const lag = await metricOf(bff.metrics, 'tip_event_consumer_lag', { topic: WALLET_LEDGER_TOPIC });
        const shown = await creditsOf(writer, bff.url);
        throw new Error(`${String(error)}: it shows ${shown}, its ${WALLET_LEDGER_TOPIC} consumer's lag is ${lag}`);
      });
    }
    return takenAgainAt - faultAt;
  }

  it('charges and delivers each paid message once when messaging is SIGKILLed in the middle of sending', async () => {
    let refusedWhileDown = false;
    await sendThroughFault(
      async () => {
        await platform.messaging.process.stop('SIGKILL');
        refusedWhileDown = (await sendMessage({ id: randomUUID(), content: 'a messaggistica ferma' })).status === 503;
      },
      () => platform.restart('messaging'),
    );
    expect(refusedWhileDown).toBe(true);
  });

  it("charges and delivers each paid message once when the leader of messaging's partition is SIGKILLed", async () => {
    const brokers = (engines.KAFKA_BROKERS ?? '').split(',');
    if (brokers.length < 3) throw new Error(`three brokers needed, ${brokers.length} running (--kafka-brokers 3)`);
    const kafka = new Kafka({ clientId: 'engine-faults', brokers, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    let broker: { restart(): Promise<void> } | undefined;
    try {
      // The partition this conversation's events go to: the one whose end moves when the writer sends.
      const ends = async () =>
        new Map(
          (await admin.fetchTopicOffsets(MESSAGING_MESSAGES_TOPIC)).map(({ partition, high }) => [partition, high]),
        );
      const before = await ends();
      expect((await sendMessage({ id: randomUUID(), content: 'dove va' })).status).toBe(201);
      // The outbox's relay publishes the message's event after the send is answered.
      let partition: number | undefined;
      await waitFor(
        async () => {
          partition = [...(await ends())].find(([index, high]) => before.get(index) !== high)?.[0];
          return partition !== undefined;
        },
        10_000,
        "the message's event on its partition",
      );
      const [metadata] = (await admin.fetchTopicMetadata({ topics: [MESSAGING_MESSAGES_TOPIC] })).topics;
      const leader = metadata?.partitions.find((entry) => entry.partitionId === partition)?.leader;
      if (leader === undefined) throw new Error(`no leader for ${MESSAGING_MESSAGES_TOPIC}[${partition}]`);

      const recoveredMs = await sendThroughFault(async () => {
        broker = await killBroker(runDir, leader);
      });
      // Reported, not asserted (the target is 10 s): speed is for the benches.
      process.stderr.write(
        `engine faults: leader ${leader} of ${MESSAGING_MESSAGES_TOPIC}[${partition}] killed, sends taken again after ${Math.round(recoveredMs)} ms\n`,
      );
    } finally {
      await broker?.restart();
      await admin.disconnect();
    }
  });

  it('answers 503 with Retry-After or as ever while PostgreSQL under FerretDB is stopped for ten seconds, and recovers without a restart', async () => {
    const database = await stopPostgres(runDir);
    const answers: string[] = [];
    /** Answers other than a serve or a 503 with Retry-After: which request, and what it said. */
    const unexpected: string[] = [];
    const get = (path: string) => () =>
      fetch(`${url}${path}`, { headers: { cookie: reader.cookie }, signal: AbortSignal.timeout(scaled(20_000)) });
    const requests = {
      'GET /api/feed': get('/api/feed'),
      'GET /api/messages/conversations': get('/api/messages/conversations'),
      'POST /api/messages': () => sendMessage({ id: randomUUID(), content: 'a database ferma' }),
    };
    try {
      const outageEnds = performance.now() + 10_000;
      while (performance.now() < outageEnds) {
        for (const [name, request] of Object.entries(requests)) {
          const response = await request();
          const answer = `${response.status} ${response.headers.get('retry-after') ?? ''}`.trim();
          answers.push(answer);
          // Each answer either served (from what the services hold) or said when to come back.
          if (!/^(200|201|503 \d+)$/.test(answer)) unexpected.push(`${name}: ${answer} ${await response.text()}`);
        }
      }
    } finally {
      await database.restart();
    }
    process.stderr.write(`engine faults: while PostgreSQL was stopped: ${[...new Set(answers)].join(', ')}\n`);
    if (unexpected.length > 0) {
      // What the processes logged of it: the BFF turned a service's error or its own into that answer.
      const logs = [
        ...platform.bffs.map((bff) => [bff.url, bff.process] as const),
        ['messaging', platform.messaging.process] as const,
        ['content', platform.content.process] as const,
        ['identity', platform.identity.process] as const,
      ];
      for (const [name, logged] of logs) process.stderr.write(`${name}:\n${logged.output()}\n`);
    }
    expect(unexpected).toEqual([]);
    await waitFor(
      async () =>
        (await fetch(`${url}/api/feed`, { headers: { cookie: reader.cookie } })).status === 200 &&
        (await fetch(`${url}/api/messages/conversations`, { headers: { cookie: reader.cookie } })).status === 200 &&
        (await sendMessage({ id: randomUUID(), content: 'database di nuovo' })).status === 201,
      20_000,
      'the feed, the conversations and a send to answer again',
    );
  });

  /**
   * Publishes a burst of the wallet's events for many accounts, and `stop`s the second replica of notifications once
   * some are told while the rest are published; then checks the remaining replica took every partition, each event's
   * notification exists once and in its account's order, and the consumer lag rose and drained. Answers its peak.
   */
  async function burstThroughStop(stop: (second: RunningService) => Promise<void>): Promise<number> {
    const second = platform.secondReplica;
    if (!second) throw new Error('no second replica of notifications');
    const brokers = (engines.KAFKA_BROKERS ?? '').split(',');
    const admin = new Kafka({ clientId: 'engine-faults', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    // The test publishes as the wallet does: ledger events keyed by the account, on the platform's own bus.
    const wallet = await KafkaEventBus.connect({ brokers, clientId: 'engine-faults-wallet' });
    const mongo = await MongoClient.connect(platform.mongoUrl ?? '');
    const lagOf = (metrics: string) =>
      metricOf(metrics, 'tip_event_consumer_lag', { group: NOTIFICATIONS_GROUP, topic: WALLET_LEDGER_TOPIC });
    let lagPeak = 0;
    let watching = true;
    let watched = Promise.resolve();
    try {
      const held = () => holdings(admin, NOTIFICATIONS_GROUP, WALLET_LEDGER_TOPIC);
      await waitFor(
        async () => {
          const members = await held();
          return members.length === 2 && members.every((partitions) => partitions.length > 0);
        },
        60_000,
        `both replicas holding partitions of ${WALLET_LEDGER_TOPIC}`,
      ).catch(async (error: unknown) => {
        // Which replica left the group, and what it logged on its way out (CI once saw the group with one member).
        process.stderr.write(`the group's members hold ${JSON.stringify(await held())}\n`);
        for (const [name, replica] of [
          ['notifications', platform.notifications],
          ['notifications-2', second],
        ] as const) {
          const { exitCode, signalCode } = replica.process.child;
          process.stderr.write(
            `${name} (exit ${exitCode ?? signalCode ?? 'none'}):\n${replica.process.output().slice(-16_384)}\n`,
          );
        }
        throw error;
      });
      const [topic] = (await admin.fetchTopicMetadata({ topics: [WALLET_LEDGER_TOPIC] })).topics;
      const partitions = topic?.partitions.length ?? 0;

      const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
      // The n-th admin grant of every account: n credits, so each notification says which grant made it.
      const round = (n: number) =>
        accounts.map((account) =>
          CreditsGranted.create(
            account,
            {
              accountId: account,
              userId: account,
              entryId: randomUUID(),
              sequence: n,
              amount: n,
              balanceAfter: (n * (n + 1)) / 2,
              reference: { type: 'admin', id: randomUUID() },
              occurredAt: new Date().toISOString(),
              grant: 'admin',
              adminId: 'engine-faults',
            },
            randomUUID(),
          ),
        );
      const entries = mongo
        .db()
        .collection<{ userId: string; kind: string; credits: number; createdAt: string }>('notifications_entries');
      const made = () => entries.countDocuments({ userId: { $in: accounts } });
      watched = (async () => {
        while (watching) {
          for (const replica of [platform.notifications, second])
            lagPeak = Math.max(lagPeak, (await lagOf(replica.metrics).catch(() => undefined)) ?? 0);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();

      // Half of the grants; once notifications has handled some, the second replica is stopped while the rest go.
      const half = Math.floor(GRANTS_EACH / 2);
      for (let n = 1; n <= half; n += 1) await wallet.publish(WALLET_LEDGER_TOPIC, round(n));
      await waitFor(async () => (await made()) > 0, 30_000, 'the first grants told');
      const stopped = stop(second);
      for (let n = half + 1; n <= GRANTS_EACH; n += 1) await wallet.publish(WALLET_LEDGER_TOPIC, round(n));
      await stopped;
      await waitFor(
        async () => {
          const members = await held();
          return members.length === 1 && members[0]?.length === partitions;
        },
        60_000,
        `the remaining replica holding every partition of ${WALLET_LEDGER_TOPIC}`,
      );
      await waitFor(async () => (await made()) >= ACCOUNTS * GRANTS_EACH, 60_000, 'every grant told');
      await waitFor(async () => (await lagOf(platform.notifications.metrics)) === 0, 30_000, 'the lag drained');
      watching = false;
      await watched;
      expect(lagPeak).toBeGreaterThan(0);

      const told = await entries.find({ userId: { $in: accounts } }).toArray();
      for (const account of accounts) {
        const own = told.filter((entry) => entry.userId === account).sort((a, b) => a.credits - b.credits);
        // Once in effect: one notification per grant, whichever replica handled it and however often.
        expect(own.map((entry) => [entry.kind, entry.credits])).toEqual(
          Array.from({ length: GRANTS_EACH }, (_, index) => ['credits_granted', index + 1]),
        );
        // In the account's order: no grant was told before one that came earlier.
        expect(own.filter((entry, index) => index > 0 && entry.createdAt < (own[index - 1]?.createdAt ?? ''))).toEqual(
          [],
        );
      }
      return lagPeak;
    } finally {
      watching = false;
      await watched;
      await wallet.close();
      await admin.disconnect();
      await mongo.close();
    }
  }

  it('shares wallet.ledger between two replicas of notifications and gives it all to one when the other stops (SIGTERM): each event in effect once, in its key order, the lag shown and drained', async () => {
    const lagPeak = await burstThroughStop(async (second) => {
      // A clean stop commits what was handled and leaves the group; one that hangs is SIGKILLed (exit null).
      const exit = await second.process.stop('SIGTERM');
      if (exit !== 0) process.stderr.write(`the second replica's stop failed:\n${second.process.output()}\n`);
      expect(exit).toBe(0);
    });
    process.stderr.write(`engine faults: notifications replica stopped, the lag peaked at ${lagPeak} and drained\n`);
  });

  it('gives wallet.ledger all to one replica of notifications when the other is SIGKILLed: what it had not committed is told again, once in effect', async () => {
    await platform.restartSecondReplica();
    const lagPeak = await burstThroughStop(async (second) => {
      await second.process.stop('SIGKILL');
    });
    process.stderr.write(`engine faults: notifications replica killed, the lag peaked at ${lagPeak} and drained\n`);
  });

  // The last test: the replica it kills stays down, which no later test needs.
  it("reconnects a killed BFF replica's socket through the gateway to the other, whose answers hold what it missed", async () => {
    for (const bff of platform.bffs) {
      const { exitCode, signalCode } = bff.process.child;
      if (exitCode !== null || signalCode !== null)
        throw new Error(`${bff.url} had stopped (${exitCode ?? signalCode}) before the test:\n${bff.process.output()}`);
    }
    const socketsOn = async (bff: RunningBff) => (await metricOf(bff.metrics, 'tip_socket_connected')) ?? 0;
    // As the web connects: through the gateway, in the member's session, with Socket.IO's own reconnection.
    const socket = connect(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie: reader.cookie, origin: url },
    });
    try {
      const pushed: { message: { id: string } }[] = [];
      socket.on('message_received', (event: { message: { id: string } }) => pushed.push(event));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // The gateway's ip_hash sends every loopback client to one replica: the one that holds the socket.
      let held: RunningBff | undefined;
      await waitFor(
        async () => {
          const counts = await Promise.all(platform.bffs.map(socketsOn));
          held = platform.bffs[counts.findIndex((count) => count > 0)];
          return held !== undefined;
        },
        10_000,
        'the socket on a replica',
      );
      const other = platform.bffs.find((bff) => bff !== held);
      if (!held || !other) throw new Error('two BFF replicas needed');
      const before = await ledgerCreditsOf(writer);
      let disconnectedAt = 0;
      let reconnectedAt = 0;
      let sentWhileAway = false;
      socket.once('disconnect', () => (disconnectedAt = performance.now()));
      // The socket's own 'connect' (not its manager's 'reconnect', which comes when the transport opens): the
      // replica has taken the session and counts the socket.
      socket.once('disconnect', () => socket.once('connect', () => (reconnectedAt = performance.now())));

      const killedAt = performance.now();
      await held.process.stop('SIGKILL');
      await waitFor(() => disconnectedAt > 0, 10_000, 'the socket to notice');
      const missed = { id: randomUUID(), content: 'mentre eri via' };
      const sent = await send(other.url, writer.cookie, '/api/messages', 'POST', { ...missed, recipientId: reader.id });
      expect(sent.status).toBe(201);
      sentWhileAway = reconnectedAt === 0;
      await waitFor(() => reconnectedAt > 0, 30_000, 'the socket to reconnect');
      // Through the gateway, which found the killed replica refusing and passed the handshake to the other.
      expect(await socketsOn(other)).toBe(1);

      // What the web asks again once its socket is back (realtime/socket.ts invalidates every query).
      const get = async <T>(path: string) =>
        (await (await fetch(`${url}${path}`, { headers: { cookie: reader.cookie } })).json()) as T;
      const conversations =
        await get<{ otherUserId: string | null; lastMessage: { content: string } | null }[]>(
          '/api/messages/conversations',
        );
      expect(conversations.find((conversation) => conversation.otherUserId === writer.id)?.lastMessage).toMatchObject({
        content: missed.content,
      });
      const thread = await get<{ message: { id: string } }[]>(`/api/messages/${writer.id}?limit=100`);
      expect(thread.filter(({ message }) => message.id === missed.id)).toHaveLength(1);
      expect(await ledgerCreditsOf(writer)).toBe(before - MESSAGE_COST);
      await waitFor(
        async () => (await creditsOf(writer, other.url)) === before - MESSAGE_COST,
        20_000,
        'the other replica to show the charge',
      );
      process.stderr.write(
        `engine faults: BFF replica killed, its socket back through the gateway on the other after ${Math.round(reconnectedAt - killedAt)} ms` +
          ` (closed after ${Math.round(disconnectedAt - killedAt)} ms); the message sent meanwhile ${
            sentWhileAway ? 'answered while the socket was away' : 'answered after it was back'
          }, ${pushed.some(({ message }) => message.id === missed.id) ? 'also pushed' : 'not pushed'} after it\n`,
      );
    } finally {
      socket.disconnect();
    }
  });
}
