import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createConnection, createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import {
  createAdapters,
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  type Adapters,
  type ServiceClient,
} from '@tip/platform';
import { RedisCache } from '@tip/platform/real-engines';
import { contentDefinition, type ContentDefinition } from '@tip/content/contract';
import { identityDefinition, type IdentityDefinition } from '@tip/identity/contract';
import { messagingDefinition, type MessagingDefinition } from '@tip/messaging/contract';
import { moderationDefinition, VerificationDecided, type ModerationDefinition } from '@tip/moderation/contract';
import { notificationsDefinition, type NotificationsDefinition } from '@tip/notifications/contract';
import { walletDefinition, type WalletDefinition } from '@tip/wallet/contract';
import { startIdentityService, type RunningIdentityService } from '@tip/identity';
import { capturedMail } from '@tip/identity/testing';
import { startWalletService, type RunningWalletService } from '@tip/wallet';
import { startContentService, type RunningContentService } from '@tip/content';
import { startMessagingService, type RunningMessagingService } from '@tip/messaging';
import { startModerationService, type RunningModerationService } from '@tip/moderation';
import { startNotificationsService, type RunningNotificationsService } from '@tip/notifications';
import { bffConfigSchema } from '../config.js';
import { startBff, type RunningBff } from '../start-bff.js';
import { Browser } from '../testing/browser.js';
import { ADMIT_AT_ANY_LOAD, redisEngine, scaled, waitFor, type RunningEngine } from '@tip/platform/testing';
import { registrationForm } from '../testing/start-stack.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();
/** A service's client as the BFF holds one. */
const asBff = <D>(definition: Parameters<typeof createGrpcClient<D>>[0], address: string) =>
  createGrpcClient(definition, address, { caller: 'bff', serviceTokenSecret, timeoutMs: scaled(20_000) });

// Two BFF replicas, as in the distributed mode: one Redis (sessions, limits, Socket.IO fan-out), one identity, one
// wallet.
const redisResolution = await redisEngine();
const describeWithRedis = 'skip' in redisResolution ? describe.skip : describe;
if ('skip' in redisResolution) process.stderr.write(`BFF replica tests: SKIPPED, ${redisResolution.skip}\n`);
let redis: RunningEngine | undefined;

let dataDir: string;
let adapters: Adapters;
let identityService: RunningIdentityService;
let identity: ServiceClient<IdentityDefinition>;
let walletService: RunningWalletService;
let wallet: ServiceClient<WalletDefinition>;
let contentService: RunningContentService;
let content: ServiceClient<ContentDefinition>;
let messagingService: RunningMessagingService;
let messaging: ServiceClient<MessagingDefinition>;
let moderationService: RunningModerationService;
let moderation: ServiceClient<ModerationDefinition>;
let notificationsService: RunningNotificationsService;
let notifications: ServiceClient<NotificationsDefinition>;
const caches: RedisCache[] = [];
const replicas: RunningBff[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  if ('skip' in redisResolution) return;
  redis = await redisResolution.start();
  const redisUrl = redis.url;
  dataDir = await mkdtemp(join(tmpdir(), 'tip-bff-replicas-'));
  const logger = createLogger('bff-replicas-test', 'silent');
  adapters = await createAdapters({ dataDir, logger });
  identityService = await startIdentityService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
    mail: capturedMail(),
  });
  identity = asBff(identityDefinition(), identityService.address);
  walletService = await startWalletService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
    identity: identityService.local,
  });
  wallet = asBff(walletDefinition(), walletService.address);
  contentService = await startContentService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
    approval: 'immediate',
    wallet: walletService.local,
  });
  content = asBff(contentDefinition(), contentService.address);
  messagingService = await startMessagingService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
    wallet: walletService.local,
  });
  messaging = asBff(messagingDefinition(), messagingService.address);
  moderationService = await startModerationService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
    identity: identityService.local,
    content: contentService.local,
  });
  moderation = asBff(moderationDefinition(), moderationService.address);
  notificationsService = await startNotificationsService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    ...adapters,
    logger,
  });
  notifications = asBff(notificationsDefinition(), notificationsService.address);
  const config = bffConfigSchema.parse({
    PORT: '0',
    SESSION_SECRET: 'replica-test-secret-0123456789-abcdefghij',
    WEB_DIST: join(dataDir, 'none'),
    LOGIN_LIMIT_PER_ACCOUNT: '3',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    REPORTS_LIMIT_PER_MEMBER: '3',
    ...ADMIT_AT_ANY_LOAD,
  });
  for (const name of ['a', 'b']) {
    const cache = await RedisCache.connect(redisUrl);
    caches.push(cache);
    replicas.push(
      await startBff({
        config,
        identity,
        wallet,
        content,
        messaging,
        moderation,
        notifications,
        events: adapters.events,
        cache,
        logger,
        host: '127.0.0.1',
        eventsGroup: `bff-${name}`,
      }),
    );
  }
}, scaled(30_000));

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const replica of replicas) await replica.stop();
  for (const cache of caches) await cache.close();
  await identityService?.stop();
  identity?.close();
  await walletService?.stop();
  wallet?.close();
  await contentService?.stop();
  content?.close();
  await messagingService?.stop();
  messaging?.close();
  await moderationService?.stop();
  moderation?.close();
  await notificationsService?.stop();
  notifications?.close();
  await adapters?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await redis?.stop();
});

const [replicaA, replicaB] = [() => replicas[0] as RunningBff, () => replicas[1] as RunningBff];

/** Login limits live in the shared Redis for their window: an e-mail of this run's own keeps other runs' out. */
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;

async function member(name: string) {
  const email = `${name}.${run}@example.it`;
  const registered = await new Browser(replicaA().url).postForm(
    '/api/auth/register',
    registrationForm({ username: name, email, password: 'segreta1' }),
  );
  expect(registered.status).toBe(201);
  const browser = new Browser(replicaA().url);
  expect((await browser.postJson('/api/auth/login', { email, password: 'segreta1' })).status).toBe(200);
  return { browser, email, cookie: browser.cookieHeader() };
}

function socketOn(url: string, cookie: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const userOnB = (cookie: string) => fetch(`${replicaB().url}/api/auth/user`, { headers: { Cookie: cookie } });

describeWithRedis('BFF replicas sharing Redis', () => {
  it('accept each other’s sessions, and a logout on one is refused on the other', async () => {
    const { browser, cookie } = await member('rita');
    expect((await userOnB(cookie)).status).toBe(200);
    await browser.get('/api/logout');
    expect((await userOnB(cookie)).status).toBe(401);
  });

  it('count login failures together', async () => {
    const { email } = await member('sara');
    const on = (url: string) => new Browser(url).postJson('/api/auth/login', { email, password: 'wrong-password' });
    expect((await on(replicaA().url)).status).toBe(401);
    expect((await on(replicaB().url)).status).toBe(401);
    expect((await on(replicaA().url)).status).toBe(401);
    expect((await on(replicaB().url)).status).toBe(429);
    // Refused to this address only: the owner, elsewhere, signs in at once on either replica.
    const owner = await new Browser(replicaA().url).request('/api/auth/login', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.9' },
      json: { email, password: 'segreta1' },
    });
    expect(owner.status).toBe(200);
  });

  it("count a member's writes together", async () => {
    const { cookie } = await member('xena');
    const feedback = (url: string) =>
      fetch(`${url}/api/feedback`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'other', message: 'Tutto bene' }),
      });
    expect((await feedback(replicaA().url)).status).toBe(201);
    expect((await feedback(replicaB().url)).status).toBe(201);
    expect((await feedback(replicaA().url)).status).toBe(201);
    const refused = await feedback(replicaB().url);
    expect(refused.status).toBe(429);
    const retryAfter = refused.headers.get('retry-after');
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: `Troppe richieste in poco tempo. Riprova tra ${retryAfter} s.` });
  });

  it('close a socket on one replica when its session logs out on the other', async () => {
    const { browser, cookie } = await member('tina');
    const socket = await socketOn(replicaB().url, cookie);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await browser.get('/api/logout');
    expect(await closed).toBe('io server disconnect');
  });

  it('push a profile change once to a socket on the other replica', async () => {
    const { browser, cookie } = await member('ugo');
    const socket = await socketOn(replicaB().url, cookie);
    let pushes = 0;
    const first = new Promise((resolve) => socket.on('user_updated', () => resolve(++pushes)));
    await browser.postJson('/api/auth/profile', { username: 'ugo', bio: 'da A' }, 'PUT');
    await first;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes).toBe(1);
    // Replica B's cache follows the change too.
    expect(await (await userOnB(cookie)).json()).toMatchObject({ bio: 'da A' });
  });

  it("tell a member's watcher on one replica when the member's sockets on the other open and close, weighing both replicas' sockets", async () => {
    const watched = await member('wanda');
    const watcher = await member('yves');
    const wandaId = ((await (await userOnB(watched.cookie)).json()) as { id: string }).id;
    const eye = await socketOn(replicaA().url, watcher.cookie);
    await eye.timeout(5000).emitWithAck('watch_presence', { userIds: [wandaId] });
    const heard: unknown[] = [];
    eye.on('presence_changed', (event: unknown) => heard.push(event));

    const onB = await socketOn(replicaB().url, watched.cookie);
    await waitFor(() => heard.length === 1, 5000, 'wanda online');
    const onA = await socketOn(replicaA().url, watched.cookie);
    onB.disconnect();
    // After its grace, replica B finds wanda's socket on A: she stays online.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await identity.GetUser({ userId: wandaId, viewerId: wandaId })).isOnline).toBe(true);
    onA.disconnect();
    await waitFor(() => heard.length === 2, 8000, 'wanda offline');
    expect(heard).toEqual([
      { type: 'presence_changed', userId: wandaId, isOnline: true },
      { type: 'presence_changed', userId: wandaId, isOnline: false },
    ]);
  });

  it('deliver a message sent through one to its recipient connected to the other, once', async () => {
    const sender = await member('vito');
    const recipient = await member('zoe');
    const idOf = async (cookie: string) => ((await (await userOnB(cookie)).json()) as { id: string }).id;
    const [senderId, recipientId] = await Promise.all([idOf(sender.cookie), idOf(recipient.cookie)]);
    // What moderation does when an admin approves them.
    for (const userId of [senderId, recipientId]) {
      const decision = { userId, status: 'approved' as const, adminId: 'replica-test' };
      await adapters.events.publish(VerificationDecided.topic, [VerificationDecided.create(userId, decision, run)]);
      await waitFor(
        async () => (await identity.GetUser({ userId, viewerId: userId })).verificationStatus === 'approved',
        5000,
        'the approval',
      );
    }
    await wallet.Credit({
      userId: senderId,
      amount: 2,
      kind: 'admin_adjustment',
      reference: { type: 'admin', id: 'replica-test' },
      idempotencyKey: `fund-${run}`,
      actorId: 'replica-test',
    });
    const known = await adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
    await waitFor(
      async () => (await known.findOne({ _id: senderId }))?.verificationStatus === 'approved',
      5000,
      'approval',
    );
    const socket = await socketOn(replicaB().url, recipient.cookie);
    const received: unknown[] = [];
    socket.on('message_received', (event: unknown) => received.push(event));
    const sent = await sender.browser.postJson('/api/messages', { id: randomUUID(), recipientId, content: 'da A a B' });
    expect(sent.status).toBe(201);
    await waitFor(() => received.length === 1, 5000, 'the message on replica B');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
  });

  it('drain: a replica stopping sends its pages to the other, which then push to them, and nothing sent meanwhile is lost', async () => {
    const sender = await member('dario');
    const recipient = await member('elena');
    const idOf = async (cookie: string) => ((await (await userOnB(cookie)).json()) as { id: string }).id;
    const [senderId, recipientId] = await Promise.all([idOf(sender.cookie), idOf(recipient.cookie)]);
    for (const userId of [senderId, recipientId]) {
      const decision = { userId, status: 'approved' as const, adminId: 'replica-test' };
      await adapters.events.publish(VerificationDecided.topic, [VerificationDecided.create(userId, decision, run)]);
    }
    await wallet.Credit({
      userId: senderId,
      amount: 4,
      kind: 'admin_adjustment',
      reference: { type: 'admin', id: 'replica-test' },
      idempotencyKey: `fund-drain-${run}`,
      actorId: 'replica-test',
    });
    const known = await adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
    await waitFor(
      async () => (await known.findOne({ _id: senderId }))?.verificationStatus === 'approved',
      5000,
      'approval',
    );
    // The gateway: a connection goes to A while A takes connections, to B once A refuses them.
    const portOf = (url: string) => Number(new URL(url).port);
    const [portA, portB] = [portOf(replicaA().url), portOf(replicaB().url)];
    const gateway = createNetServer((client) => {
      const open = (port: number, fallback?: number) => {
        const upstream = createConnection({ host: '127.0.0.1', port });
        upstream.once('error', () => (fallback ? open(fallback) : client.destroy()));
        upstream.once('connect', () => {
          client.pipe(upstream).pipe(client);
          client.once('error', () => upstream.destroy());
          upstream.once('close', () => client.destroy());
        });
      };
      open(portA, portB);
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', () => resolve()));
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const page = connect(gatewayUrl, {
      path: '/ws',
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      extraHeaders: { Cookie: recipient.cookie },
    });
    sockets.push(page);
    const received: { message: { content: string } }[] = [];
    page.on('message_received', (event: { message: { content: string } }) => received.push(event));
    let connections = 0;
    page.on('connect', () => (connections += 1));
    try {
      await waitFor(() => connections === 1, 5000, 'the page connected to A');
      const stopping = replicaA().stop();
      const onB = (path: string) => `${replicaB().url}${path}`;
      const sentDuring = await sender.browser.postJson(onB('/api/messages'), {
        id: randomUUID(),
        recipientId,
        content: 'durante il cambio',
      });
      expect({ status: sentDuring.status, body: await sentDuring.text() }).toMatchObject({ status: 201 });
      const switchedAt = Date.now();
      await waitFor(() => connections === 2, 5000, 'the page connected again, to B');
      expect(Date.now() - switchedAt).toBeLessThan(5000);
      await stopping;
      // Back on B, the page asks again for what it shows (the web invalidates its queries): the message is there.
      const thread = (await (
        await fetch(`${replicaB().url}/api/messages/${senderId}`, { headers: { Cookie: recipient.cookie } })
      ).json()) as { message: { content: string } }[];
      expect(thread.map((entry) => entry.message.content)).toContain('durante il cambio');
      // And B pushes to it from now on.
      const sentAfter = await sender.browser.postJson(onB('/api/messages'), {
        id: randomUUID(),
        recipientId,
        content: 'dopo',
      });
      expect(sentAfter.status).toBe(201);
      await waitFor(() => received.some((event) => event.message.content === 'dopo'), 5000, 'the push through B');
    } finally {
      page.disconnect();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });
});
