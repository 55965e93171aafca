import { describe, expect, it } from '@jest/globals';
import type { Cache } from '../../ports/cache.js';
import { describeContract, embeddedEngine, redisEngine, sleep, waitFor } from '../../testing/index.js';
import { join } from 'node:path';
import { openCache } from '../index.js';
import { RedisCache } from './redis-cache.js';

await describeContract<Cache>(
  'cache',
  [
    // The embedded cache as the platform opens it: its values under DATA_DIR.
    { name: 'sqlite', engine: embeddedEngine, open: (dir, namespace) => openCache({ dataDir: join(dir, namespace) }) },
    { name: 'redis', engine: redisEngine, open: (url) => RedisCache.connect(url) },
  ],
  (cache) => {
    describe('values', () => {
      it('gets what was set, null for what was not or was deleted', async () => {
        const store = await cache.open();
        const key = cache.unique('session');
        expect(await store.get(key)).toBeNull();
        await store.set(key, 'revoked');
        expect(await store.get(key)).toBe('revoked');
        await store.set(key, 'again');
        expect(await store.get(key)).toBe('again');
        await store.delete(key);
        expect(await store.get(key)).toBeNull();
        await store.delete(key);
      });

      it('forgets a value when its time to live is over, and not before', async () => {
        const store = await cache.open();
        const [lasting, brief] = [cache.unique('online'), cache.unique('typing')];
        // A minute is 'not over' however slow the machine; a short time to live is awaited, not slept through.
        await store.set(lasting, 'yes', 60_000);
        await store.set(brief, 'yes', 150);
        await waitFor(async () => (await store.get(brief)) === null, 5000, 'the short time to live to be over');
        expect(await store.get(lasting)).toBe('yes');
      });

      it('keeps its values, and their time to live, across a restart', async () => {
        const before = await cache.open();
        const kept = cache.unique('revoked');
        const expiring = cache.unique('online');
        const deleted = cache.unique('gone');
        await before.set(kept, 'yes', 60_000);
        await before.set(expiring, 'yes', 300);
        await before.set(deleted, 'yes');
        await before.delete(deleted);
        await before.close();

        const after = await cache.open();
        expect(await after.get(kept)).toBe('yes');
        expect(await after.get(deleted)).toBeNull();
        // Its time to live came along: it still ends (a value kept without it would stay).
        await waitFor(async () => (await after.get(expiring)) === null, 5000, 'the kept time to live to be over');
      });

      it('keeps a value set again without a time to live', async () => {
        const store = await cache.open();
        const key = cache.unique('profile');
        await store.set(key, 'short', 100);
        await store.set(key, 'long');
        await sleep(200);
        expect(await store.get(key)).toBe('long');
      });
    });

    describe('rate limits', () => {
      it('allows the given points per duration, then says how long to wait', async () => {
        const store = await cache.open();
        // A duration no slow machine outlasts between two calls.
        const login = store.rateLimiter({ name: cache.unique('login'), points: 3, durationMs: 60_000 });
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          expect(await login.consume('1.2.3.4')).toEqual({ allowed: true, retryAfterMs: 0, consumed: attempt });
        }
        const refused = await login.consume('1.2.3.4');
        expect(refused.allowed).toBe(false);
        expect(refused.consumed).toBe(4);
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
        expect((await login.consume('5.6.7.8')).allowed).toBe(true);
      });

      it('allows again after a reset or once the duration has passed', async () => {
        const store = await cache.open();
        const limiter = store.rateLimiter({ name: cache.unique('register'), points: 1, durationMs: 60_000 });
        await limiter.consume('a');
        expect((await limiter.consume('a')).allowed).toBe(false);
        await limiter.reset('a');
        expect(await limiter.consume('a')).toEqual({ allowed: true, retryAfterMs: 0, consumed: 1 });
        const brief = store.rateLimiter({ name: cache.unique('brief'), points: 1, durationMs: 1000 });
        await brief.consume('b');
        await sleep(1100);
        expect((await brief.consume('b')).allowed).toBe(true);
      });

      it('shares one counter between limiters of the same name, and refuses different settings for it', async () => {
        const store = await cache.open();
        const name = cache.unique('upload');
        const first = store.rateLimiter({ name, points: 2, durationMs: 5000 });
        const second = store.rateLimiter({ name, points: 2, durationMs: 5000 });
        await first.consume('u1');
        await second.consume('u1');
        expect((await first.consume('u1')).allowed).toBe(false);
        expect(() => store.rateLimiter({ name, points: 5, durationMs: 5000 })).toThrow(/other points or duration/);
      });
    });

    describe('publish and subscribe', () => {
      it('delivers every message, in order, to every subscriber of the channel only', async () => {
        const store = await cache.open();
        const channel = cache.unique('room:admins');
        const first: string[] = [];
        const second: string[] = [];
        const elsewhere: string[] = [];
        await store.subscribe(channel, (message) => first.push(message));
        await store.subscribe(channel, (message) => second.push(message));
        await store.subscribe(cache.unique('room:other'), (message) => elsewhere.push(message));
        const sent = Array.from({ length: 20 }, (_, n) => `message ${n}`);
        for (const message of sent) await store.publish(channel, message);
        await waitFor(() => first.length === 20 && second.length === 20, 5000, 'all messages');
        expect(first).toEqual(sent);
        expect(second).toEqual(sent);
        expect(elsewhere).toEqual([]);
      });

      it('stops delivering to a subscriber that unsubscribed, and only to it', async () => {
        const store = await cache.open();
        const channel = cache.unique('presence');
        const leaving: string[] = [];
        const staying: string[] = [];
        const unsubscribe = await store.subscribe(channel, (message) => leaving.push(message));
        await store.subscribe(channel, (message) => staying.push(message));
        await store.publish(channel, 'one');
        await waitFor(() => leaving.length === 1 && staying.length === 1, 5000, 'the first message');
        await unsubscribe();
        await store.publish(channel, 'two');
        await waitFor(() => staying.length === 2, 5000, 'the second message');
        await sleep(50);
        expect(leaving).toEqual(['one']);
      });

      it('keeps delivering to the others when one subscriber throws', async () => {
        const store = await cache.open();
        const channel = cache.unique('fanout');
        const received: string[] = [];
        await store.subscribe(channel, (message) => received.push(message));
        const unsubscribe = await store.subscribe(channel, () => {
          throw new Error('a broken subscriber');
        });
        await store.publish(channel, 'hello');
        await waitFor(() => received.length === 1, 5000, 'the message despite a failing subscriber');
        await unsubscribe();
      });
    });

    it('closes idempotently', async () => {
      const store = await cache.open();
      await store.close();
      await store.close();
    });
  },
);
