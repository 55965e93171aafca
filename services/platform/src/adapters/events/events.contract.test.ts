import { describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DeliveredEvent, EventBus, EventEnvelope } from '../../ports/events.js';
import { describeContract, embeddedEngine, kafkaEngine, scaled, sleep, waitFor } from '../../testing/index.js';
import { SqliteEventLog } from './sqlite-event-log.js';
import { KafkaEventBus } from './kafka-event-bus.js';

function envelope(key: string, n: number): EventEnvelope<{ n: number }> {
  return {
    id: randomUUID(),
    type: 'CounterMoved',
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    correlationId: 'corr-1',
    payload: { n },
  };
}

// Kafka consumers take seconds to join their group, and several tests start a few.
jest.setTimeout(scaled(90_000));

const numbers = (events: DeliveredEvent[]) => events.map((event) => (event.payload as { n: number }).n);

await describeContract<EventBus>(
  'events',
  [
    {
      name: 'sqlite log',
      engine: embeddedEngine,
      open: (dir, namespace) => SqliteEventLog.open(join(dir, namespace), { retryDelayMs: 20, maxRetryDelayMs: 500 }),
    },
    {
      name: 'kafka',
      engine: kafkaEngine,
      open: async (brokers) => KafkaEventBus.connect({ brokers: brokers.split(','), clientId: 'contract' }),
    },
  ],
  (bus) => {
    async function collect(events: EventBus, group: string, topics: string[]) {
      const seen: DeliveredEvent[] = [];
      const subscription = await events.subscribe({ group, topics, handle: async (event) => void seen.push(event) });
      return { seen, subscription };
    }

    /**
     * A new group on `topic` whose handler throws `failure()` for the first `times` deliveries of the event numbered
     * `at`; answers what each delivery did, in order (`<n> failed` or `<n>`).
     */
    async function failingAt(events: EventBus, topic: string, at: number, times: number, failure: () => Error) {
      const attempts: string[] = [];
      let failuresLeft = times;
      await events.subscribe({
        group: bus.unique('g'),
        topics: [topic],
        handle: async (event) => {
          const n = (event.payload as { n: number }).n;
          if (n === at && failuresLeft > 0) {
            failuresLeft -= 1;
            attempts.push(`${n} failed`);
            throw failure();
          }
          attempts.push(`${n}`);
        },
      });
      return attempts;
    }

    it('delivers the envelope as published, with its topic', async () => {
      const events = await bus.open();
      const topic = bus.unique('identity.users');
      const published = envelope('user-1', 1);
      await events.publish(topic, [published]);
      const { seen } = await collect(events, bus.unique('g'), [topic]);
      await waitFor(() => seen.length === 1, 20_000, 'the event');
      expect(seen[0]).toEqual({ ...published, topic });
    });

    it('keeps the order of each key, within a batch and across publishes', async () => {
      const events = await bus.open();
      const topic = bus.unique('wallet.ledger');
      await events.publish(topic, [envelope('a', 0), envelope('b', 0), envelope('a', 1)]);
      for (let n = 2; n < 20; n += 1) await events.publish(topic, [envelope(n % 3 === 0 ? 'b' : 'a', n)]);
      const { seen } = await collect(events, bus.unique('g'), [topic]);
      await waitFor(() => seen.length === 21, 20_000, 'all events');
      const ofKey = (key: string) => numbers(seen.filter((event) => event.key === key));
      expect(ofKey('a')).toEqual([0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19]);
      expect(ofKey('b')).toEqual([0, 3, 6, 9, 12, 15, 18]);
    });

    it('gives every group every event, including events published while it listens', async () => {
      const events = await bus.open();
      const topic = bus.unique('content.posts');
      await events.publish(topic, [envelope('p', 1)]);
      const first = await collect(events, bus.unique('feed'), [topic]);
      const second = await collect(events, bus.unique('search'), [topic]);
      await events.publish(topic, [envelope('p', 2)]);
      await waitFor(() => first.seen.length === 2 && second.seen.length === 2, 20_000, 'both groups');
      expect(numbers(first.seen)).toEqual([1, 2]);
      expect(numbers(second.seen)).toEqual([1, 2]);
    });

    it('consumes several topics in one subscription', async () => {
      const events = await bus.open();
      const users = bus.unique('identity.users');
      const posts = bus.unique('content.posts');
      await events.publish(users, [envelope('u', 1)]);
      await events.publish(posts, [envelope('p', 2)]);
      const { seen } = await collect(events, bus.unique('g'), [users, posts]);
      await waitFor(() => seen.length === 2, 20_000, 'events of both topics');
      expect(seen.map((event) => event.topic).sort()).toEqual([posts, users].sort());
    });

    it('redelivers an event whose handler failed, and holds the later ones back until it succeeds', async () => {
      const events = await bus.open();
      const topic = bus.unique('moderation.reports');
      await events.publish(topic, [envelope('r', 1), envelope('r', 2), envelope('r', 3)]);
      const attempts = await failingAt(events, topic, 2, 2, () => new Error('projection store unavailable'));
      await waitFor(() => attempts.includes('3'), 20_000, 'the last event');
      expect(attempts.filter((attempt) => attempt !== '1')).toEqual(['2 failed', '2 failed', '2', '3']);
      expect(attempts.indexOf('1')).toBe(0);
    });

    it('redelivers an event whose handler threw a TypeError, as any other failure', async () => {
      const events = await bus.open();
      const topic = bus.unique('notifications.entries');
      await events.publish(topic, [envelope('t', 1), envelope('t', 2)]);
      // A handler's bug, or a driver's, on an answer it did not expect (kafkajs gives these up for good).
      const bug = () => new TypeError("Cannot read properties of undefined (reading 'value')");
      const attempts = await failingAt(events, topic, 1, 1, bug);
      await waitFor(() => attempts.includes('2'), 20_000, 'the event after the failed one');
      expect(attempts).toEqual(['1 failed', '1', '2']);
    });

    it('delivers again after a handler failed for longer than the consumer retries (a database away for a while)', async () => {
      const events = await bus.open();
      const topic = bus.unique('notifications.entries');
      await events.publish(topic, [envelope('d', 1), envelope('d', 2)]);
      // More failures in a row than kafkajs's retries (10) before it restarts the consumer.
      const attempts = await failingAt(events, topic, 1, 12, () => new Error('documents unavailable'));
      await waitFor(() => attempts.includes('2'), 60_000, 'the events after the failures');
      expect(attempts).toEqual([...Array.from({ length: 12 }, () => '1 failed'), '1', '2']);
    });

    it('resumes a group after its committed offset, also after a restart', async () => {
      const topic = bus.unique('identity.users');
      const group = bus.unique('g');
      const before = await bus.open();
      await before.publish(topic, [envelope('u', 1), envelope('u', 2)]);
      const first = await collect(before, group, [topic]);
      await waitFor(() => first.seen.length === 2, 20_000, 'the first two events');
      await first.subscription.stop();
      await before.publish(topic, [envelope('u', 3)]);
      const again = await collect(before, group, [topic]);
      await waitFor(() => again.seen.length === 1, 20_000, 'the third event');
      await again.subscription.stop();
      await before.close();

      const after = await bus.open();
      await after.publish(topic, [envelope('u', 4)]);
      const resumed = await collect(after, group, [topic]);
      const everything = await collect(after, bus.unique('newcomer'), [topic]);
      await waitFor(() => resumed.seen.length >= 1 && everything.seen.length === 4, 20_000, 'events after the restart');
      await sleep(100);
      expect(numbers(again.seen)).toEqual([3]);
      expect(numbers(resumed.seen)).toEqual([4]);
      expect(numbers(everything.seen)).toEqual([1, 2, 3, 4]);
    });

    it('serves processes that meet new topics at once, as a first start of the platform does', async () => {
      // Each process creates the topics it touches; those that find one just created by another must wait for it too.
      const topics = ['identity.users', 'content.posts', 'wallet.ledger'].map((topic) => bus.unique(topic));
      const processes = await Promise.all(Array.from({ length: 8 }, () => bus.open()));
      const followers = await Promise.all(processes.map((events, n) => collect(events, bus.unique(`g${n}`), topics)));
      await Promise.all(processes.map((events, n) => events.publish(topics[n % 3] ?? '', [envelope(`k${n}`, n)])));
      await waitFor(() => followers.every(({ seen }) => seen.length === 8), 20_000, 'every event in every group');
      for (const { seen } of followers) expect(numbers(seen).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('refuses topic names that Kafka would refuse', async () => {
      const events = await bus.open();
      await expect(events.publish('has space', [envelope('k', 1)])).rejects.toThrow(/invalid topic name/);
      await expect(events.publish('..', [envelope('k', 1)])).rejects.toThrow(/invalid topic name/);
    });

    it('refuses an event that is not an envelope', async () => {
      const events = await bus.open();
      const broken = { ...envelope('k', 1), key: undefined } as unknown as EventEnvelope;
      await expect(events.publish(bus.unique('t'), [broken])).rejects.toThrow();
    });

    describe('lifecycle', () => {
      it('closes idempotently and refuses new work afterwards', async () => {
        const events = await bus.open();
        await events.close();
        await events.close();
        await expect(events.publish(bus.unique('t'), [envelope('k', 1)])).rejects.toThrow(/closed/);
      });
    });
  },
);
