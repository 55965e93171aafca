import { expect, it } from '@jest/globals';
import { describeContract, redisEngine, waitFor } from '../../testing/index.js';
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
