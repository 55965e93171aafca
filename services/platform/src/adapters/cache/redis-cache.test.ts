import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { describeContract, ownRedisServer, redisEngine, waitFor, type RunningEngine } from '../../testing/index.js';
import { RedisCache } from './redis-cache.js';

await describeContract<RedisCache>(
  'cache, Redis only',
  [{ name: 'redis', engine: redisEngine, open: (url) => RedisCache.connect(url) }],
  (cache) => {
    it('fans a message out to the subscribers of every instance (every BFF replica)', async () => {
      const publisher = await cache.open();
      const replica = await cache.open();
      const channel = cache.unique('user:42');
      const received: string[] = [];
      await replica.subscribe(channel, (message) => received.push(message));
      await publisher.publish(channel, 'new message');
      await waitFor(() => received.length === 1, 5000, 'the message on the other instance');
      expect(received).toEqual(['new message']);
    });

    it('shares rate limits between instances', async () => {
      const first = await cache.open();
      const second = await cache.open();
      const name = cache.unique('login');
      await first.rateLimiter({ name, points: 1, durationMs: 5000 }).consume('ip');
      expect((await second.rateLimiter({ name, points: 1, durationMs: 5000 }).consume('ip')).allowed).toBe(false);
    });

    it('hands Socket.IO a publishing and a subscribing connection, the same pair every time', async () => {
      const store = await cache.open();
      const { pub, sub } = store.socketIoClients();
      expect(store.socketIoClients().pub).toBe(pub);
      const channel = cache.unique('socket.io');
      const received: string[] = [];
      sub.on('message', (_channel: string, message: string) => received.push(message));
      await sub.subscribe(channel);
      await pub.publish(channel, 'packet');
      await waitFor(() => received.length === 1, 5000, 'the packet');
      await store.close();
      await waitFor(() => pub.status === 'end' && sub.status === 'end', 5000, 'both connections to close');
    });
  },
);

const ownRedis = ownRedisServer();
(('skip' in ownRedis ? describe.skip : describe) as typeof describe)('RedisCache while Redis is away', () => {
  let redis: RunningEngine;
  let cache: RedisCache;
  let restart: () => Promise<RunningEngine>;

  beforeAll(async () => {
    if ('skip' in ownRedis) return;
    const { start } = ownRedis;
    redis = await start();
    const port = Number(new URL(redis.url).port);
    restart = () => start(port);
    cache = await RedisCache.connect(redis.url);
  });

  afterAll(async () => {
    await cache?.close();
    await redis?.stop();
  });

  it('answers in its place: values kept here, limits counted here, messages to this process, and then recovers', async () => {
    await cache.set('before', 'in redis');
    const limit = { name: 'away', points: 2, durationMs: 60_000 };
    const received: string[] = [];
    await cache.subscribe('away', (message) => received.push(message));
    await redis.stop();
    await waitFor(() => cache.degraded, 5000, 'the cache to notice');

    // Redis's values are unknown meanwhile; what is written now is kept here.
    expect(await cache.get('before')).toBeNull();
    await cache.set('logged-out', '1', 60_000);
    expect(await cache.get('logged-out')).toBe('1');
    await cache.delete('logged-out');
    expect(await cache.get('logged-out')).toBeNull();
    await cache.set('during', 'here', 60_000);
    const limiter = cache.rateLimiter(limit);
    expect((await limiter.consume('ip')).allowed).toBe(true);
    expect((await limiter.consume('ip')).allowed).toBe(true);
    expect((await limiter.consume('ip')).allowed).toBe(false);
    await cache.publish('away', 'here only');
    expect(received).toEqual(['here only']);

    redis = await restart();
    await waitFor(() => !cache.degraded, 5000, 'the cache to reconnect');
    // Redis answers again (it came back empty), and what was written here still holds until it expires.
    await cache.set('after', 'in redis');
    expect(await cache.get('after')).toBe('in redis');
    expect(await cache.get('during')).toBe('here');
    await cache.publish('away', 'through redis');
    await waitFor(() => received.length === 2, 5000, 'the message through Redis');
    expect(received).toEqual(['here only', 'through redis']);
  });
});

(('skip' in ownRedis ? describe.skip : describe) as typeof describe)('RedisCache on a slow start', () => {
  let redis: RunningEngine;
  let proxy: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if ('skip' in ownRedis) return;
    redis = await ownRedis.start();
    // Holds Redis's answers for the first second of each connection, as a process busy loading its modules would
    // read them: longer than a request's command timeout.
    proxy = createServer((client) => {
      const openedAt = Date.now();
      const server = connect(Number(new URL(redis.url).port), '127.0.0.1');
      sockets.push(client, server);
      client.on('data', (chunk) => server.write(chunk));
      server.on('data', (chunk) =>
        setTimeout(() => client.destroyed || client.write(chunk), Math.max(0, openedAt + 1000 - Date.now())),
      );
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy?.close(resolve));
    await redis?.stop();
  });

  it('connects though its first answers take longer than a command may wait later', async () => {
    const url = new URL(redis.url);
    const address = proxy.address();
    url.port = String(typeof address === 'object' && address ? address.port : 0);
    const cache = await RedisCache.connect(url.toString());
    try {
      await cache.set('slow-start', 'in redis');
      expect(await cache.get('slow-start')).toBe('in redis');
      expect(cache.degraded).toBe(false);
    } finally {
      await cache.close();
    }
  });
});
