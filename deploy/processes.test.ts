// The distributed entry points, run as separate processes the way the containers run them (identity's, the wallet's,
// content's, messaging's, moderation's and the BFF's dist/main.js), talking gRPC over the loopback network. Kafka,
// MongoDB and MinIO are not here, so the processes share one DATA_DIR's embedded engines, as `npm run
// start:processes` runs them: each service's documents of its own, one event log for all (so events cross
// processes); Redis is real when the platform's test kit can start one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createGrpcClient, DomainError, generateServiceTokenSecret, ServiceTokenRefusedError } from '@tip/platform';
import { CONTENT_SERVICE_NAME, contentDefinition } from '@tip/content/contract';
import { identityDefinition } from '@tip/identity/contract';
import { MESSAGING_SERVICE_NAME, messagingDefinition } from '@tip/messaging/contract';
import { MODERATION_SERVICE_NAME, moderationDefinition } from '@tip/moderation/contract';
import { WALLET_SERVICE_NAME, walletDefinition } from '@tip/wallet/contract';
import {
  freePort,
  redisEngine,
  spawnNode,
  waitFor,
  waitUntilServing,
  type NodeProcess,
  type RunningEngine,
} from '@tip/platform/testing';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The secret the bff and every service share, as compose and Kubernetes give it to each of them. */
const SERVICE_TOKEN_SECRET = generateServiceTokenSecret();

const run = (entry: string, env: Record<string, string>) =>
  spawnNode(join(root, entry), { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', SERVICE_TOKEN_SECRET, ...env });

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
      { deadline: Date.now() + 5000 },
      (error) => resolve(error ? error.code : grpc.status.OK),
    );
  }).finally(() => client.close());
}

/** What grpc.health.v1.Health/Check answers for `service` at `address`: a status, or the error's code and details. */
function healthOf(address: string, service: string): Promise<string> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const check = healthService.Check;
  if (!check) throw new Error('grpc-health-check defines no Check method');
  return new Promise<string>((resolve) => {
    client.makeUnaryRequest(
      check.path,
      check.requestSerialize,
      check.responseDeserialize as (bytes: Buffer) => { status?: string },
      { service },
      { deadline: Date.now() + 1000 },
      (error, response) => resolve(error ? `${error.code} ${error.details}` : (response?.status ?? '')),
    );
  }).finally(() => client.close());
}

/** Polls the gRPC health service until `service` is SERVING; fails with the process's output otherwise. */
async function waitUntilGrpcServing(address: string, service: string, running: NodeProcess, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = running.child.exitCode;
    if (code !== null)
      throw new Error(`the process exited with ${code} before ${address} served:\n${running.output()}`);
    const status = await healthOf(address, service);
    if (status === 'SERVING') return;
    if (Date.now() > deadline)
      throw new Error(`${address} ${service}: ${status} after ${timeoutMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The containers' health check (deploy/grpc-health.mjs), run as compose runs it; resolves with its exit code. */
const grpcHealthCheck = (address: string, service: string) =>
  new Promise<number>((resolve, reject) =>
    execFile(
      process.execPath,
      ['deploy/grpc-health.mjs', address, service],
      { cwd: root, timeout: 15_000 },
      (error) => {
        if (!error) resolve(0);
        else if (typeof error.code === 'number') resolve(error.code);
        else reject(error);
      },
    ),
  );

/** Registers a member (pending verification) through the BFF; answers its id and session cookie. */
async function register(url: string, username: string): Promise<{ id: string; cookie: string }> {
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#16a085' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const member = { username, email: `${username}@example.it`, password: 'segreto-9' };
  for (const [field, value] of Object.entries({
    ...member,
    confirmPassword: member.password,
    gender: 'male',
    orientation: 'gay',
  })) {
    form.set(field, value);
  }
  form.set('verificationPhoto', new Blob([photo], { type: 'image/png' }), 'me.png');
  expect((await fetch(`${url}/api/auth/register`, { method: 'POST', body: form })).status).toBe(201);
  return signIn(url, member.email, member.password);
}

async function signIn(url: string, email: string, password: string): Promise<{ id: string; cookie: string }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };
  return { id: me.id, cookie };
}

function send(url: string, cookie: string, path: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('identity, the wallet, content, messaging, moderation and the BFF as separate processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-processes-'));
  let redis: RunningEngine | undefined;
  let identity: NodeProcess;
  let identityAddress: string;
  let wallet: NodeProcess;
  let walletAddress: string;
  let content: NodeProcess;
  let contentAddress: string;
  let messaging: NodeProcess;
  let messagingAddress: string;
  let moderation: NodeProcess;
  let moderationAddress: string;
  let bff: NodeProcess;
  let url: string;

  beforeAll(async () => {
    const resolution = await redisEngine();
    if ('start' in resolution) redis = await resolution.start();
    const grpcPort = await freePort();
    identityAddress = `127.0.0.1:${grpcPort}`;
    identity = run('services/identity/dist/main.js', {
      GRPC_PORT: String(grpcPort),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'ops@tip.local',
      ADMIN_PASSWORD: 'ops-password-1',
    });
    const walletPort = await freePort();
    walletAddress = `127.0.0.1:${walletPort}`;
    // No Stripe keys: the demo provider takes payments, as in compose with env.example's settings.
    wallet = run('services/wallet/dist/main.js', {
      GRPC_PORT: String(walletPort),
      // It extends premium at identity, signing its calls as itself.
      IDENTITY_ADDR: identityAddress,
      DATA_DIR: dataDir,
    });
    const contentPort = await freePort();
    contentAddress = `127.0.0.1:${contentPort}`;
    // POST_APPROVAL unset: new posts wait for a moderator, as in compose with env.example's settings.
    content = run('services/content/dist/main.js', {
      GRPC_PORT: String(contentPort),
      // It charges through the wallet, signing its calls as itself.
      WALLET_ADDR: walletAddress,
      DATA_DIR: dataDir,
    });
    const messagingPort = await freePort();
    messagingAddress = `127.0.0.1:${messagingPort}`;
    messaging = run('services/messaging/dist/main.js', {
      GRPC_PORT: String(messagingPort),
      // It charges through the wallet, signing its calls as itself.
      WALLET_ADDR: walletAddress,
      DATA_DIR: dataDir,
    });
    const moderationPort = await freePort();
    moderationAddress = `127.0.0.1:${moderationPort}`;
    moderation = run('services/moderation/dist/main.js', {
      GRPC_PORT: String(moderationPort),
      // It applies its decisions at identity and content, signing its calls as itself.
      IDENTITY_ADDR: identityAddress,
      CONTENT_ADDR: contentAddress,
      DATA_DIR: dataDir,
    });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    bff = run('bff/dist/main.js', {
      PORT: String(port),
      IDENTITY_ADDR: identityAddress,
      WALLET_ADDR: walletAddress,
      CONTENT_ADDR: contentAddress,
      MESSAGING_ADDR: messagingAddress,
      MODERATION_ADDR: moderationAddress,
      SESSION_SECRET: 'a-distributed-session-secret-of-48-characters!!',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      // Rate limits live in the Redis that other suites share, keyed by address: this test's sign-up and sign-ins
      // must not trip over those the others made from 127.0.0.1 within the window.
      REGISTER_LIMIT_PER_ADDRESS: '1000',
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      ...(redis && { REDIS_URL: redis.url }),
    });
    await Promise.all([
      // Ready means identity answered the bff: it took the bff's service token.
      waitUntilServing(`${url}/api/ready`, bff),
      waitUntilGrpcServing(walletAddress, WALLET_SERVICE_NAME, wallet),
      waitUntilGrpcServing(contentAddress, CONTENT_SERVICE_NAME, content),
      waitUntilGrpcServing(messagingAddress, MESSAGING_SERVICE_NAME, messaging),
      waitUntilGrpcServing(moderationAddress, MODERATION_SERVICE_NAME, moderation),
    ]);
  });

  afterAll(async () => {
    await Promise.all([
      bff?.stop('SIGKILL'),
      identity?.stop('SIGKILL'),
      wallet?.stop('SIGKILL'),
      content?.stop('SIGKILL'),
      messaging?.stop('SIGKILL'),
      moderation?.stop('SIGKILL'),
    ]);
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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

  it("carries events across processes through the shared log: identity's to content and moderation, a message's debit to moderation", async () => {
    const admin = await signIn(url, 'ops@tip.local', 'ops-password-1');
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
      serviceTokenSecret: SERVICE_TOKEN_SECRET,
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

  it("refuses a call to any service without the bff's token, or with a token of another secret", async () => {
    const services = {
      identity: [identityAddress, identityDefinition()],
      wallet: [walletAddress, walletDefinition()],
      content: [contentAddress, contentDefinition()],
      messaging: [messagingAddress, messagingDefinition()],
      moderation: [moderationAddress, moderationDefinition()],
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
      serviceTokenSecret: SERVICE_TOKEN_SECRET,
    });
    expect(await wallet.Balance({ userId: 'someone' })).toMatchObject({ balance: 0 });
    wallet.close();
    const identity = createGrpcClient(identityDefinition(), identityAddress, {
      caller: 'bff',
      serviceTokenSecret: SERVICE_TOKEN_SECRET,
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
        bff.stop(),
        identity.stop(),
        wallet.stop(),
        content.stop(),
        messaging.stop(),
        moderation.stop(),
      ]),
    ).toEqual([0, 0, 0, 0, 0, 0]);
    // Stopped, the wallet, content, messaging and moderation no longer pass their health checks.
    expect(await grpcHealthCheck(walletAddress, WALLET_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(contentAddress, CONTENT_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(messagingAddress, MESSAGING_SERVICE_NAME)).toBe(1);
    expect(await grpcHealthCheck(moderationAddress, MODERATION_SERVICE_NAME)).toBe(1);
  });
});
