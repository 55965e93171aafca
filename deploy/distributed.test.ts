// The distributed shape on the real engines (issue 25, part 3): each service as its own process and two BFF replicas
// behind the compose gateway's nginx, on Kafka, FerretDB (MongoDB's protocol), Redis and S3, as `npm run
// start:distributed` runs them. The spec's flows with members on different replicas: each member's HTTP and socket go
// to one replica directly (the gateway's ip_hash would send every loopback client to the same one). Run by `npm run
// test:distributed`, which starts the engines; plain `npm test` has none and skips it, saying so.
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { Client as S3Client } from 'minio';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { scaled, waitFor } from '@tip/platform/testing';
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
} from './distributed.js';

// The spec's flows one after another through eight processes on a loaded machine.
jest.setTimeout(scaled(120_000));

describeOnEngines('the distributed shape on the real engines', distributedFlows);

/** A member's socket on one replica, keeping what it was pushed. */
interface Listening {
  socket: Socket;
  /** Resolves with the first push of `type` (seen already, or to come) that `matches`. */
  next<T>(type: string, matches?: (event: T) => boolean): Promise<T>;
  /** Whether a push of `type` that `matches` came. */
  pushed<T>(type: string, matches: (event: T) => boolean): boolean;
}

/** The compacted topics' settings for the test: segments roll after a second and are cleaned at once. */
const FAST_COMPACTION = [
  { name: 'cleanup.policy', value: 'compact' },
  { name: 'segment.ms', value: '1000' },
  { name: 'max.compaction.lag.ms', value: '1000' },
  { name: 'min.cleanable.dirty.ratio', value: '0.01' },
];

function distributedFlows(engines: Readonly<Record<string, string>>) {
  let platform: Distributed;
  /** The two replicas' addresses: members are pinned to one or the other. */
  let first: string;
  let second: string;
  let admin: Member;
  let adminSocket: Listening;
  let author: Member;
  let authorSocket: Listening;
  let reader: Member;
  let readerSocket: Listening;
  let postId: string;
  const sockets: Socket[] = [];
  // Names of this run alone: the engines' topics outlive a run, and a later one reads them from the start.
  const tag = randomUUID().slice(0, 6);
  const kafka = new Kafka({
    brokers: (engines.KAFKA_BROKERS ?? '').split(','),
    clientId: 'distributed-test',
    logLevel: logLevel.NOTHING,
  });

  async function listen(url: string, member: Member): Promise<Listening> {
    const socket = connect(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie, origin: url },
    });
    sockets.push(socket);
    const pushes: { type: string; event: unknown }[] = [];
    socket.onAny((type: string, event: unknown) => pushes.push({ type, event }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const find = <T>(type: string, matches: (event: T) => boolean) =>
      pushes.find((push) => push.type === type && matches(push.event as T));
    return {
      socket,
      async next<T>(type: string, matches: (event: T) => boolean = () => true) {
        await waitFor(() => find(type, matches) !== undefined, 20_000, `a ${type} push`);
        return find(type, matches)?.event as T;
      },
      pushed: (type, matches) => find(type, matches) !== undefined,
    };
  }

  const photo = (shade: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: shade } })
      .jpeg()
      .toBuffer();

  beforeAll(async () => {
    platform = await startDistributed({
      engines,
      bffReplicas: 2,
      bffEnv: {
        // Rate limits live in the engines' Redis, keyed by address: every request here comes from 127.0.0.1.
        REGISTER_LIMIT_PER_ADDRESS: '1000',
        LOGIN_LIMIT_PER_ADDRESS: '1000',
      },
    });
    [first, second] = platform.bffs.map((bff) => bff.url) as [string, string];
    admin = await signIn(first, ADMIN.email, ADMIN.password);
    adminSocket = await listen(first, admin);
  }, START_HOOK_BUDGET_MS);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await platform?.stop();
  });

  it('answers through the gateway, in front of both replicas', async () => {
    const ready = await fetch(`${platform.url}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    for (const url of [first, second]) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  });

  it('registers members on either replica, and the admin on the first sees each in the queue live and approves them', async () => {
    author = await register(first, `autrice_${tag}`);
    reader = await register(second, `lettore_${tag}`);
    // Identity's events reached the first replica through Kafka, which pushed them to the admin's socket.
    for (const member of [author, reader]) {
      await adminSocket.next<{ userId: string }>('new_verification_pending', (event) => event.userId === member.id);
    }
    const queue = await fetch(`${first}/api/admin/pending-users`, { headers: { cookie: admin.cookie } });
    const waiting = ((await queue.json()) as { id: string }[]).map((member) => member.id);
    expect(waiting).toEqual(expect.arrayContaining([author.id, reader.id]));
    for (const member of [author, reader]) {
      const approved = await send(first, admin.cookie, `/api/admin/users/${member.id}/verify`, 'PUT', {
        status: 'approved',
      });
      expect(approved.status).toBe(200);
      await adminSocket.next<{ userId: string; status: string }>(
        'user_verification_updated',
        (event) => event.userId === member.id && event.status === 'approved',
      );
    }
    authorSocket = await listen(first, author);
    readerSocket = await listen(second, reader);
  });

  it('takes a premium post with a photo on the first replica; the reader on the second likes, comments and unlocks it', async () => {
    expect(
      (await send(first, admin.cookie, `/api/admin/users/${author.id}/grant-premium`, 'POST', { months: 1 })).status,
    ).toBe(200);
    expect(
      (await send(first, admin.cookie, `/api/admin/users/${reader.id}/add-credits`, 'POST', { amount: 20 })).status,
    ).toBe(200);
    const form = new FormData();
    for (const [field, value] of Object.entries({
      category: 'trending',
      content: 'Una foto dal primo replica',
      isPremium: 'true',
      creditCost: '3',
    }))
      form.set(field, value);
    form.set('media', new Blob([new Uint8Array(await photo('#8e44ad'))], { type: 'image/jpeg' }), 'foto.jpg');
    // Content hears of the approval and the premium grant through Kafka: the post may wait for them a moment.
    let created: Response | undefined;
    await waitFor(
      async () => {
        created = await fetch(`${first}/api/posts`, { method: 'POST', headers: { cookie: author.cookie }, body: form });
        return created.status === 201;
      },
      20_000,
      'content to take the premium post',
    );
    const { status, item } = (await created?.json()) as { status: string; item: { post: { id: string } } };
    expect(status).toBe('pending');
    postId = item.post.id;

    const decided = await send(first, admin.cookie, `/api/admin/posts/${postId}/status`, 'PATCH', {
      status: 'approved',
    });
    expect(decided.status).toBe(200);
    await adminSocket.next<{ postId: string }>('post_approval_updated', (event) => event.postId === postId);
    await authorSocket.next<{ postId: string; status: string }>(
      'post_decided',
      (event) => event.postId === postId && event.status === 'approved',
    );

    const post = async () =>
      (await (await fetch(`${second}/api/posts/${postId}`, { headers: { cookie: reader.cookie } })).json()) as {
        post: { locked: boolean; imageUrl: string | null };
      };
    await waitFor(
      async () => (await fetch(`${second}/api/posts/${postId}`, { headers: { cookie: reader.cookie } })).ok,
      20_000,
      'the approved post',
    );
    expect((await post()).post).toMatchObject({ locked: true, imageUrl: null });
    expect((await send(second, reader.cookie, `/api/posts/${postId}/like`, 'POST', {})).status).toBe(200);
    expect(
      (await send(second, reader.cookie, `/api/posts/${postId}/comments`, 'POST', { content: `commento_${tag}` }))
        .status,
    ).toBe(201);
    const unlocked = await send(second, reader.cookie, `/api/posts/${postId}/unlock`, 'POST', {});
    expect(await unlocked.json()).toMatchObject({ unlocked: true, charged: 3 });
    // The photo comes from S3 through content, to the reader on the other replica.
    const { imageUrl } = (await post()).post;
    expect(imageUrl).toEqual(expect.any(String));
    const image = await fetch(`${second}${imageUrl}`, { headers: { cookie: reader.cookie } });
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBeGreaterThan(0);

    // The author on the first replica is told of each, through notifications' events.
    await waitFor(
      async () => {
        const told = await fetch(`${first}/api/notifications?limit=50`, { headers: { cookie: author.cookie } });
        const kinds = ((await told.json()) as { notifications: { kind: string }[] }).notifications.map((n) => n.kind);
        return ['post_liked', 'post_commented', 'post_unlocked'].every((kind) => kinds.includes(kind));
      },
      20_000,
      "the author's notifications",
    );
    await authorSocket.next('notification');
  });

  it("pushes a paid message sent on the first replica to the reader's socket on the second, and tells the reader", async () => {
    expect(
      (await send(first, admin.cookie, `/api/admin/users/${author.id}/add-credits`, 'POST', { amount: 10 })).status,
    ).toBe(200);
    const sent = await send(first, author.cookie, '/api/messages', 'POST', {
      id: randomUUID(),
      recipientId: reader.id,
      content: 'messaggio_dist_pagato',
    });
    expect(sent.status).toBe(201);
    const received = await readerSocket.next<{ message: { content: string; senderId: string } }>('message_received');
    expect(received.message).toMatchObject({ content: 'messaggio_dist_pagato', senderId: author.id });
    // Notifications heard of the message and the second replica pushed the news to the reader's socket.
    await waitFor(
      async () => {
        const told = await fetch(`${second}/api/notifications`, { headers: { cookie: reader.cookie } });
        const { notifications } = (await told.json()) as {
          notifications: { id: string; kind: string; actor: { id: string } | null }[];
        };
        const news = notifications.find(
          (notification) => notification.kind === 'message_received' && notification.actor?.id === author.id,
        );
        return (
          news !== undefined &&
          readerSocket.pushed<{ notificationIds: string[] }>('notification', (event) =>
            event.notificationIds.includes(news.id),
          )
        );
      },
      20_000,
      "the reader's notification of the message",
    );
    const reply = await send(second, reader.cookie, '/api/messages', 'POST', {
      id: randomUUID(),
      recipientId: author.id,
      content: `risposta_${tag}`,
    });
    expect(reply.status).toBe(201);
    await authorSocket.next<{ message: { content: string } }>(
      'message_received',
      (event) => event.message.content === `risposta_${tag}`,
    );
  });

  it("erases the member who leaves: nothing of theirs in MongoDB or S3, and only their UserDeleted on identity's compacted topic", async () => {
    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect();
    try {
      await kafkaAdmin.alterConfigs({
        validateOnly: false,
        resources: ['identity.users', 'moderation.verifications'].map((name) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configEntries: FAST_COMPACTION,
        })),
      });
    } finally {
      await kafkaAdmin.disconnect();
    }
    const traces = [`lettore_${tag}`, `lettore_${tag}@example.it`, `commento_${tag}`, `risposta_${tag}`];
    // Before: the documents hold each, so that finding none afterwards means something.
    const before = await documentsHolding(traces);
    for (const trace of traces)
      expect([trace, before.some((found) => found.endsWith(`: ${trace}`))]).toEqual([trace, true]);
    expect(await photosOf(reader.id)).not.toEqual([]);

    expect((await send(second, reader.cookie, '/api/users/account', 'DELETE', {})).status).toBe(200);
    await waitFor(async () => (await documentsHolding(traces)).length === 0, 30_000, 'every service erasing');
    expect(await documentsHolding(traces)).toEqual([]);
    await waitFor(
      async () => (await photosOf(reader.id)).length === 0,
      30_000,
      "identity removing the member's photos",
    );

    // The UserDeleted is in its partition's active segment, which is never cleaned: a later event on that partition,
    // a segment's time (a second here) after it, rolls it into one the cleaner takes. Each look registers a witness,
    // whose events land on one partition or another, until the cleaner has left the member only their UserDeleted.
    let witnesses = 0;
    await waitFor(
      async () => {
        witnesses += 1;
        await register(first, `testimone_${tag}_${witnesses}`);
        return (await eventsOf('identity.users', reader.id)).length === 1;
      },
      60_000,
      "the compaction of identity's topic",
    );
    expect((await eventsOf('identity.users', reader.id)).map((event) => event.type)).toEqual(['UserDeleted']);
    const everything = await allEvents();
    expect(traces.filter((trace) => everything.includes(trace))).toEqual([]);
  });

  /** The collections of the platform's database whose documents hold any of `needles`, with the needle. */
  async function documentsHolding(needles: string[]): Promise<string[]> {
    const client = await MongoClient.connect(platform.mongoUrl ?? '');
    try {
      const db = client.db();
      const found: string[] = [];
      for (const { name } of await db.listCollections().toArray()) {
        const text = JSON.stringify(await db.collection(name).find().toArray());
        for (const needle of needles) if (text.includes(needle)) found.push(`${name}: ${needle}`);
      }
      return found;
    } finally {
      await client.close();
    }
  }

  /** The keys of the member's photos in the S3 bucket (identity keeps them under `<kind>/<member's id>/`). */
  async function photosOf(memberId: string): Promise<string[]> {
    const endpoint = new URL(engines.S3_ENDPOINT ?? '');
    const s3 = new S3Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      accessKey: engines.S3_ACCESS_KEY ?? '',
      secretKey: engines.S3_SECRET_KEY ?? '',
    });
    const keys: string[] = [];
    for await (const object of s3.listObjectsV2(process.env.S3_BUCKET ?? 'tip-media', '', true)) {
      const { name } = object as { name?: string };
      if (name?.split('/')[1] === memberId) keys.push(name);
    }
    return keys;
  }

  /** What a new consumer reads from the start of `topics` up to their ends now. */
  async function readFromStart(topics: string[]): Promise<{ key: string; value: string }[]> {
    const admin = kafka.admin();
    await admin.connect();
    const ends = new Map<string, bigint>();
    try {
      for (const topic of topics) {
        for (const { partition, high } of await admin.fetchTopicOffsets(topic))
          ends.set(`${topic}/${partition}`, BigInt(high));
      }
    } finally {
      await admin.disconnect();
    }
    const consumer = kafka.consumer({ groupId: `distributed-test-${randomUUID()}` });
    const read: { key: string; value: string }[] = [];
    const reached = new Set<string>();
    const pending = () => [...ends].filter(([at, end]) => end > 0n && !reached.has(at));
    await consumer.connect();
    try {
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ topic, partition, message }) => {
          read.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '' });
          if (BigInt(message.offset) + 1n >= (ends.get(`${topic}/${partition}`) ?? 0n))
            reached.add(`${topic}/${partition}`);
        },
      });
      await waitFor(() => pending().length === 0, 30_000, `reading ${topics.join(', ')} to the end`);
    } finally {
      await consumer.disconnect();
    }
    return read;
  }

  async function eventsOf(topic: string, key: string): Promise<{ type: string }[]> {
    return (await readFromStart([topic]))
      .filter((message) => message.key === key)
      .map((message) => JSON.parse(message.value) as { type: string });
  }

  /** Every event of the platform's topics (`identity.users`...; not the contract suites' nor Kafka's own), as one text. */
  async function allEvents(): Promise<string> {
    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect();
    const listed = await kafkaAdmin.listTopics().finally(() => kafkaAdmin.disconnect());
    const topics = listed.filter((topic) => /^[a-z]+\.[a-z]+$/.test(topic));
    return (await readFromStart(topics)).map((message) => message.value).join('\n');
  }
}
