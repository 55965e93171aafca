// The distributed entry points, run as separate processes the way the containers run them (see distributed.ts);
// Redis is real when the platform's test kit can start one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createGrpcClient, DomainError, generateServiceTokenSecret, ServiceTokenRefusedError } from '@tip/platform';
import { CONTENT_SERVICE_NAME, contentDefinition } from '@tip/content/contract';
import { identityDefinition } from '@tip/identity/contract';
import { MESSAGING_SERVICE_NAME, messagingDefinition } from '@tip/messaging/contract';
import { MODERATION_SERVICE_NAME, moderationDefinition } from '@tip/moderation/contract';
import { NOTIFICATIONS_SERVICE_NAME, notificationsDefinition } from '@tip/notifications/contract';
import { WALLET_SERVICE_NAME, walletDefinition } from '@tip/wallet/contract';
import { redisEngine, scaled, waitFor, type RunningEngine } from '@tip/platform/testing';
import {
  ADMIN,
  healthOf,
  register,
  send,
  signIn,
  START_HOOK_BUDGET_MS,
  startDistributed,
  type Distributed,
} from './distributed.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Calls a service's first method with the metadata given and nothing else; resolves with the gRPC status code. */
function rawCallStatus(address: string, definition: grpc.ServiceDefinition, authorization?: string): Promise<number> {
  const [method] = Object.values(definition);
  if (!method) throw new Error('a service without methods');
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  if (authorization !== undefined) metadata.set('authorization', authorization);
  return new Promise<number>((resolve) => {
    client.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      {},
      metadata,
      { deadline: Date.now() + scaled(5000) },
      (error) => resolve(error ? error.code : grpc.status.OK),
    );
  }).finally(() => client.close());
}

/** The containers' health check (deploy/grpc-health.mjs), run as compose runs it; resolves with its exit code. */
const grpcHealthCheck = (address: string, service: string) =>
  new Promise<number>((resolve, reject) =>
    execFile(
      process.execPath,
      ['deploy/grpc-health.mjs', address, service],
      { cwd: root, timeout: scaled(15_000) },
      (error) => {
        if (!error) resolve(0);
        else if (typeof error.code === 'number') resolve(error.code);
        else reject(error);
      },
    ),
  );

describe('identity, the wallet, content, messaging, moderation, notifications and the BFF as separate processes', () => {
  let redis: RunningEngine | undefined;
  let platform: Distributed;
  let url: string;
  let identityAddress: string;
  let walletAddress: string;
  let contentAddress: string;
  let messagingAddress: string;
  let moderationAddress: string;
  let notificationsAddress: string;

  beforeAll(async () => {
    const resolution = await redisEngine();
    if ('start' in resolution) redis = await resolution.start();
    platform = await startDistributed({
      bffEnv: {
        // Rate limits live in the Redis that other suites share, keyed by address: this test's sign-up and sign-ins
        // must not trip over those the others made from 127.0.0.1 within the window.
        REGISTER_LIMIT_PER_ADDRESS: '1000',
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        ...(redis && { REDIS_URL: redis.url }),
      },
    });
    ({ url } = platform);
    identityAddress = platform.identity.address;
    walletAddress = platform.wallet.address;
    contentAddress = platform.content.address;
    messagingAddress = platform.messaging.address;
    moderationAddress = platform.moderation.address;
    notificationsAddress = platform.notifications.address;
  }, START_HOOK_BUDGET_MS);

  afterAll(async () => {
    await platform?.stop();
    await redis?.stop();
  });

  it('registers and signs in a member through the BFF process, stored by the identity process', async () => {
    const { cookie } = await register(url, 'distribuita');
    const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ username: 'distribuita', verificationStatus: 'pending' });

    // The feed comes from the content process, which the bff reaches by CONTENT_ADDR; nothing is posted yet.
    const feed = await fetch(`${url}/api/posts/feed`, { headers: { cookie } });
    expect(feed.status).toBe(200);
    expect(await feed.json()).toEqual([]);
  });

  it("carries events across processes through the shared log: identity's to content and moderation, a message's debit to moderation, the message to notifications and its change to the BFF", async () => {
    const admin = await signIn(url, ADMIN.email, ADMIN.password);
    const [writer, reader] = [await register(url, 'mittente'), await register(url, 'lettrice')];
    // Moderation's process heard identity's process: both wait in the verification queue.
    await waitFor(
      async () => {
        const queue = await fetch(`${url}/api/admin/pending-users`, { headers: { cookie: admin.cookie } });
        const ids = ((await queue.json()) as { id: string }[]).map((member) => member.id);
        return ids.includes(writer.id) && ids.includes(reader.id);
      },
      10_000,
      "moderation's verification queue",
    );
    for (const member of [writer, reader]) {
      const decided = await send(url, admin.cookie, `/api/admin/users/${member.id}/verify`, 'PUT', {
        status: 'approved',
      });
      expect(decided.status).toBe(200);
    }
    // Content's process heard the approval: it takes the member's post (a pending member's is refused with 403).
    await waitFor(
      async () => {
        const form = new FormData();
        form.set('category', 'trending');
        form.set('content', 'Ciao da un altro processo');
        const posted = await fetch(`${url}/api/posts`, {
          method: 'POST',
          headers: { cookie: writer.cookie },
          body: form,
        });
        return posted.status === 201;
      },
      10_000,
      'content hearing of the approval',
    );

    const moderationClient = createGrpcClient(moderationDefinition(), moderationAddress, {
      caller: 'bff',
      serviceTokenSecret: platform.serviceTokenSecret,
    });
    const before = await moderationClient.Stats({});
    expect(
      (await send(url, admin.cookie, `/api/admin/users/${writer.id}/add-credits`, 'POST', { amount: 10 })).status,
    ).toBe(200);
    const sent = await send(url, writer.cookie, '/api/messages', 'POST', {
      id: randomUUID(),
      recipientId: reader.id,
      content: 'Due crediti ben spesi',
    });
    expect(sent.status).toBe(201);
    // The wallet's grant and debit and messaging's message reach moderation's process.
    await waitFor(
      async () => {
        const after = await moderationClient.Stats({});
        return (
          after.totalMessages === before.totalMessages + 1 && after.totalTransactions === before.totalTransactions + 2
        );
      },
      10_000,
      "moderation's stats hearing of the message and its debit",
    );
    moderationClient.close();
    // The notifications process told the reader, and the BFF process, which heard its change, answers it.
    await waitFor(
      async () => {
        const unread = await fetch(`${url}/api/notifications/unread-count`, { headers: { cookie: reader.cookie } });
        return ((await unread.json()) as { count: number }).count === 2;
      },
      10_000,
      'notifications telling the reader of the approval and the message',
    );
    const told = await fetch(`${url}/api/notifications`, { headers: { cookie: reader.cookie } });
    const { notifications } = (await told.json()) as { notifications: { kind: string; actor: { id: string } }[] };
    expect(notifications[0]).toMatchObject({ kind: 'message_received', actor: { id: writer.id } });
  });

  it("answers the wallet's container health check, which asks about its service name", async () => {
    expect(await healthOf(walletAddress, WALLET_SERVICE_NAME)).toBe('SERVING');
    expect(await grpcHealthCheck(walletAddress, WALLET_SERVICE_NAME)).toBe(0);
    // A misspelt name is not a healthy wallet.
    expect(await grpcHealthCheck(walletAddress, 'tip.wallet.v1.Wallets')).toBe(1);
  });

  it("answers content's container health check, which asks about its service name", async () => {
    expect(await healthOf(contentAddress, CONTENT_SERVICE_NAME)).toBe('SERVING');
    expect(await grpcHealthCheck(contentAddress, CONTENT_SERVICE_NAME)).toBe(0);
    // A misspelt name is not a healthy content service.
    expect(await grpcHealthCheck(contentAddress, 'tip.content.v1.Contents')).toBe(1);
  });

  it("answers messaging's container health check, which asks about its service name", async () => {
    expect(await healthOf(messagingAddress, MESSAGING_SERVICE_NAME)).toBe('SERVING');
    expect(await grpcHealthCheck(messagingAddress, MESSAGING_SERVICE_NAME)).toBe(0);
    // A misspelt name is not a healthy messaging service.
    expect(await grpcHealthCheck(messagingAddress, 'tip.messaging.v1.Messages')).toBe(1);
  });

  it("answers moderation's container health check, which asks about its service name", async () => {
    expect(await healthOf(moderationAddress, MODERATION_SERVICE_NAME)).toBe('SERVING');
    expect(await grpcHealthCheck(moderationAddress, MODERATION_SERVICE_NAME)).toBe(0);
    // A misspelt name is not a healthy moderation service.
    expect(await grpcHealthCheck(moderationAddress, 'tip.moderation.v1.Moderations')).toBe(1);
  });

  it("answers notifications' container health check, which asks about its service name", async () => {
    expect(await healthOf(notificationsAddress, NOTIFICATIONS_SERVICE_NAME)).toBe('SERVING');
    expect(await grpcHealthCheck(notificationsAddress, NOTIFICATIONS_SERVICE_NAME)).toBe(0);
    expect(await grpcHealthCheck(notificationsAddress, 'tip.notifications.v1.Notification')).toBe(1);
  });

  it("refuses a call to any service without the bff's token, or with a token of another secret", async () => {
    const services = {
      identity: [identityAddress, identityDefinition()],
      wallet: [walletAddress, walletDefinition()],
      content: [contentAddress, contentDefinition()],
      messaging: [messagingAddress, messagingDefinition()],
      moderation: [moderationAddress, moderationDefinition()],
      notifications: [notificationsAddress, notificationsDefinition()],
    } as const;
    for (const [name, [address, definition]] of Object.entries(services)) {
      expect({ name, status: await rawCallStatus(address, definition) }).toEqual({
        name,
        status: grpc.status.UNAUTHENTICATED,
      });
      expect({ name, status: await rawCallStatus(address, definition, 'Bearer not-a-token') }).toEqual({
        name,
        status: grpc.status.UNAUTHENTICATED,
      });
    }
    const forged = createGrpcClient(walletDefinition(), walletAddress, {
      caller: 'bff',
      serviceTokenSecret: generateServiceTokenSecret(),
    });
    await expect(forged.Balance({ userId: 'someone' })).rejects.toBeInstanceOf(ServiceTokenRefusedError);
    forged.close();
  });

  it("serves a call with the bff's token", async () => {
    const wallet = createGrpcClient(walletDefinition(), walletAddress, {
      caller: 'bff',
      serviceTokenSecret: platform.serviceTokenSecret,
    });
    expect(await wallet.Balance({ userId: 'someone' })).toMatchObject({ balance: 0 });
    wallet.close();
    const identity = createGrpcClient(identityDefinition(), identityAddress, {
      caller: 'bff',
      serviceTokenSecret: platform.serviceTokenSecret,
    });
    // Past the check, identity itself answers: no such user.
    const failure = await identity.GetUser({ userId: 'nobody', viewerId: '' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'NOT_FOUND' });
    identity.close();
  });

  it('stops every process cleanly on SIGTERM', async () => {
    expect(
      await Promise.all([
        platform.bff.stop(),
        platform.identity.process.stop(),
        platform.wallet.process.stop(),
        platform.content.process.stop(),
        platform.messaging.process.stop(),
        platform.moderation.process.stop(),
        platform.notifications.process.stop(),
      ]),
    ).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Stopped, the wallet, content, messaging, moderation and notifications no longer pass their health checks.
    expect(await grpcHealthCheck(walletAddress, WALLET_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(contentAddress, CONTENT_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(messagingAddress, MESSAGING_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(moderationAddress, MODERATION_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(notificationsAddress, NOTIFICATIONS_SERVICE_NAME)).toBe(1);
  });
});
