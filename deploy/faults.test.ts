// Faults degrade, they don't hang (issue 16): the distributed shape with a Redis of the suite's own, which it stops
// and starts again, and a service process it kills. What needs the missing part says so at once (503 with
// Retry-After) or does without it; everything else keeps answering, and all of it recovers by itself.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { ownRedisServer, waitFor, type RunningEngine } from '@tip/platform/testing';
import {
  ADMIN,
  register,
  send,
  signIn,
  START_HOOK_BUDGET_MS,
  startDistributed,
  type Distributed,
  type Member,
} from './distributed.js';

const redisServer = ownRedisServer();
const describeWithRedis = 'skip' in redisServer ? describe.skip : describe;
if ('skip' in redisServer) process.stderr.write(`fault tests: SKIPPED, ${redisServer.skip}\n`);

/** The readiness status the BFF reports: ready, degraded or unavailable. */
async function readiness(url: string): Promise<string> {
  const response = await fetch(`${url}/api/ready`);
  return ((await response.json()) as { status: string }).status;
}

describeWithRedis('faults: Redis stopped, a service process killed', () => {
  let redis: RunningEngine;
  /** Starts Redis again where it was. */
  let restartRedis: () => Promise<RunningEngine>;
  let platform: Distributed;
  let url: string;
  let admin: Member;
  let writer: Member;
  let reader: Member;
  const sockets: Socket[] = [];

  /** A socket in the member's session, connected. */
  async function socketOf(member: Member): Promise<Socket> {
    const socket = connect(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie, origin: url },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const sendMessage = (from: Member, to: Member, content: string) =>
    send(url, from.cookie, '/api/messages', 'POST', { id: randomUUID(), recipientId: to.id, content });

  beforeAll(async () => {
    if ('skip' in redisServer) return;
    redis = await redisServer.start();
    const { start } = redisServer;
    const port = Number(new URL(redis.url).port);
    restartRedis = () => start(port);
    platform = await startDistributed({ bffEnv: { REDIS_URL: redis.url } });
    ({ url } = platform);
    admin = await signIn(url, ADMIN.email, ADMIN.password);
    [writer, reader] = [await register(url, 'guasto_a'), await register(url, 'guasto_b')];
    for (const member of [writer, reader]) {
      expect(
        (await send(url, admin.cookie, `/api/admin/users/${member.id}/verify`, 'PUT', { status: 'approved' })).status,
      ).toBe(200);
    }
    expect(
      (await send(url, admin.cookie, `/api/admin/users/${writer.id}/add-credits`, 'POST', { amount: 20 })).status,
    ).toBe(200);
    // Messaging hears of the approvals through events: the first message may wait for them a moment.
    await waitFor(
      async () => (await sendMessage(writer, reader, 'Prima del guasto')).status === 201,
      10_000,
      'a first message',
    );
  }, START_HOOK_BUDGET_MS);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await platform?.stop();
    await redis?.stop();
  });

  it('is ready with Redis up', async () => {
    expect(await readiness(url)).toBe('ready');
  });

  it('keeps answering reads and writes with Redis stopped, and says it is degraded', async () => {
    const readerSocket = await socketOf(reader);
    await redis.stop();
    await waitFor(async () => (await readiness(url)) === 'degraded', 5_000, 'readiness to say degraded');

    // Sessions, the feed and profiles are read as ever.
    const me = await fetch(`${url}/api/auth/user`, { headers: { cookie: writer.cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: writer.id });
    expect((await fetch(`${url}/api/feed`, { headers: { cookie: writer.cookie } })).status).toBe(200);

    // A sign-in passes its rate limits (counted in this process), and a message is sent and pushed to the reader's
    // socket on this replica.
    const again = await signIn(url, ADMIN.email, ADMIN.password);
    expect(again.id).toBe(admin.id);
    const received = new Promise<{ message: { content: string } }>((resolve) =>
      readerSocket.once('message_received', resolve),
    );
    expect((await sendMessage(writer, reader, 'Durante il guasto')).status).toBe(201);
    expect((await received).message.content).toBe('Durante il guasto');

    // A logout meanwhile holds on this replica: the ended session is refused.
    const session = await signIn(url, ADMIN.email, ADMIN.password);
    const logout = await fetch(`${url}/api/auth/logout`, { headers: { cookie: session.cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect((await fetch(`${url}/api/auth/user`, { headers: { cookie: session.cookie } })).status).toBe(401);
  });

  it('recovers by itself when Redis is back', async () => {
    redis = await restartRedis();
    await waitFor(async () => (await readiness(url)) === 'ready', 10_000, 'readiness to say ready again');
    expect((await fetch(`${url}/api/auth/user`, { headers: { cookie: writer.cookie } })).status).toBe(200);
    expect((await sendMessage(writer, reader, 'Dopo il guasto')).status).toBe(201);
  });

  it('answers 503 with Retry-After for what needs a killed service, and everything else as ever', async () => {
    await platform.messaging.process.stop('SIGKILL');
    const refused = await sendMessage(writer, reader, 'Messaggistica ferma');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ message: expect.any(String) });
    expect((await fetch(`${url}/api/messages/conversations`, { headers: { cookie: writer.cookie } })).status).toBe(503);

    expect((await fetch(`${url}/api/auth/user`, { headers: { cookie: writer.cookie } })).status).toBe(200);
    expect((await fetch(`${url}/api/feed`, { headers: { cookie: writer.cookie } })).status).toBe(200);
    expect(await readiness(url)).toBe('ready');
  });
});
