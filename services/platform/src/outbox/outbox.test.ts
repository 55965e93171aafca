import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../adapters/documents/sqlite-store.js';
import { SqliteEventLog } from '../adapters/events/sqlite-event-log.js';
import type { Collection } from '../ports/documents.js';
import type { DeliveredEvent, EventBus, EventEnvelope } from '../ports/events.js';
import { sleep, waitFor } from '../testing/wait.js';
import { HANDLED_EVENTS_COLLECTION, idempotentHandler } from './idempotent-handler.js';
import { newEvent, outboxIndex, withEvents, type OutboxDocument } from './outbox.js';
import { processMetrics } from '../metrics/registry.js';
import { startOutboxRelay, type OutboxRelay } from './relay.js';

interface User extends OutboxDocument {
  name: string;
  deleted?: boolean;
}

const TOPIC = 'identity.users';

describe('the outbox', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  let bus: SqliteEventLog;
  let users: Collection<User>;
  const relays: OutboxRelay[] = [];

  const userEvent = (userId: string, type: string) => newEvent(type, 1, userId, { userId }, 'request-1');
  const types = (events: DeliveredEvent[]) => events.map((event) => `${event.key}:${event.type}`);

  async function listen(group = 'projections') {
    const seen: DeliveredEvent[] = [];
    await bus.subscribe({ group, topics: [TOPIC], handle: async (event) => void seen.push(event) });
    return seen;
  }

  function relay(options: { sweepIntervalMs?: number; via?: EventBus } = {}) {
    const started = startOutboxRelay({ collection: users, bus: options.via ?? bus, topic: TOPIC, ...options });
    relays.push(started);
    return started;
  }

  /** The real bus, with publishes that wait for a gate or fail on demand, to stage timing and broker failures. */
  function controlledBus() {
    let gate: Promise<void> = Promise.resolve();
    let failures = 0;
    const publishes: string[][] = [];
    const controlled: EventBus = {
      async publish(topic, events) {
        publishes.push(events.map((event) => event.type));
        await gate;
        if (failures > 0) {
          failures -= 1;
          throw new Error('broker unavailable');
        }
        await bus.publish(topic, events);
      },
      subscribe: (options) => bus.subscribe(options),
      close: () => bus.close(),
    };
    return {
      controlled,
      publishes,
      hold: () => {
        let release = () => {};
        gate = new Promise((resolve) => (release = resolve));
        return release;
      },
      failNext: (count: number) => void (failures = count),
    };
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-outbox-'));
    store = await SqliteDocumentStore.open(dir);
    bus = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    users = await store.collection<User>('users', [outboxIndex]);
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((started) => started.stop()));
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('builds envelopes with a fresh uuid and the time of the event', () => {
    const before = Date.now();
    const event = newEvent('UserRegistered', 2, 'u1', { username: 'mario' }, 'corr');
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      type: 'UserRegistered',
      version: 2,
      occurredAt: expect.any(String),
      key: 'u1',
      correlationId: 'corr',
      payload: { username: 'mario' },
    });
    expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before - 1);
    expect(newEvent('UserRegistered', 2, 'u1', {}, 'corr').id).not.toBe(event.id);
  });

  it('adds events to an update, keeping its other pushes', () => {
    const event = userEvent('u1', 'ProfileUpdated');
    expect(withEvents({ $set: { name: 'x' }, $push: { tags: 'a' } }, [event])).toEqual({
      $set: { name: 'x' },
      $push: { tags: 'a', _outbox: { $each: [event] } },
    });
    expect(() => withEvents({ $push: { _outbox: event } }, [event])).toThrow(/already pushes/);
  });

  it('publishes, on start, the events a crash left in documents, in order, tombstones included', async () => {
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    await users.updateOne(
      { _id: 'u1' },
      withEvents({ $set: { name: 'super mario' } }, [userEvent('u1', 'ProfileUpdated')]),
    );
    await users.insertOne({ _id: 'u2', name: '', deleted: true, _outbox: [userEvent('u2', 'UserDeleted')] });
    await store.close();
    store = await SqliteDocumentStore.open(dir);
    users = await store.collection<User>('users', [outboxIndex]);

    const seen = await listen();
    relay();
    await waitFor(() => seen.length === 3, 2000, 'the three events');
    expect(types(seen.filter((event) => event.key === 'u1'))).toEqual(['u1:UserRegistered', 'u1:ProfileUpdated']);
    expect(types(seen)).toContain('u2:UserDeleted');
    await waitFor(async () => (await users.count({ '_outbox.id': { $exists: true } })) === 0, 2000, 'cleared outboxes');
    expect(await users.findOne({ _id: 'u1' })).toMatchObject({ name: 'super mario', _outbox: [] });
    expect(await users.findOne({ _id: 'u2' })).toMatchObject({ deleted: true, _outbox: [] });
  });

  it('publishes at once when notified, and otherwise waits for its sweep', async () => {
    const seen = await listen();
    const started = relay({ sweepIntervalMs: 60_000 });
    await sleep(30); // its first sweep, over an empty collection
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    await sleep(100);
    expect(seen).toEqual([]);
    started.notify();
    // Well before the 60 s sweep: the notification woke it.
    await waitFor(() => seen.length === 1, 5000, 'the event after notify');
  });

  it('reads a document it is told about by its id, without waiting for a sweep', async () => {
    const seen = await listen();
    const started = relay({ sweepIntervalMs: 60_000 });
    await sleep(30);
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    await users.insertOne({ _id: 'u2', name: 'luigi', _outbox: [userEvent('u2', 'UserRegistered')] });
    started.notify('u2');
    await waitFor(() => seen.length === 1, 5000, 'the notified document');
    await sleep(50);
    expect(types(seen)).toEqual(['u2:UserRegistered']);
    started.notify();
    await waitFor(() => seen.length === 2, 5000, 'the swept one');
  });

  it('publishes the events a write says it stored without reading the document, then clears them', async () => {
    const seen = await listen();
    let reads = 0;
    // The collection, counting its reads.
    const counted: Collection<User> = Object.create(users);
    counted.find = (...args) => {
      reads += 1;
      return users.find(...args);
    };
    const started = startOutboxRelay({ collection: counted, bus, topic: TOPIC, sweepIntervalMs: 60_000 });
    relays.push(started);
    await waitFor(() => reads === 1, 5000, 'the first sweep');
    const registered = [userEvent('u1', 'UserRegistered')];
    const renamed = [userEvent('u1', 'ProfileUpdated')];
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: registered });
    started.notify('u1', registered);
    await users.updateOne({ _id: 'u1' }, withEvents({ $set: { name: 'luigi' } }, renamed));
    started.notify('u1', renamed);
    await waitFor(async () => (await users.findOne({ _id: 'u1' }))?._outbox?.length === 0, 5000, 'a cleared outbox');
    expect(types(seen)).toEqual(['u1:UserRegistered', 'u1:ProfileUpdated']);
    expect(reads).toBe(1);
  });

  it('reads a document when one of the writes told about it did not say its events', async () => {
    const seen = await listen();
    const { controlled, hold } = controlledBus();
    const release = hold();
    const started = relay({ via: controlled, sweepIntervalMs: 60_000 });
    await users.insertOne({ _id: 'u0', name: 'anna', _outbox: [userEvent('u0', 'UserRegistered')] });
    started.notify('u0');
    const registered = [userEvent('u1', 'UserRegistered')];
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: registered });
    started.notify('u1', registered);
    await users.updateOne({ _id: 'u1' }, withEvents({ $set: { name: 'luigi' } }, [userEvent('u1', 'ProfileUpdated')]));
    started.notify('u1');
    release();
    await waitFor(() => seen.length === 3, 5000, 'the three events');
    expect(types(seen).filter((type) => type.startsWith('u1'))).toEqual(['u1:UserRegistered', 'u1:ProfileUpdated']);
  });

  it('sweeps in the order it is given, so that an aggregate spread over documents stays in order', async () => {
    const entries = await store.collection<User & { seq: number }>('entries', [outboxIndex]);
    for (const seq of [3, 1, 2]) {
      await entries.insertOne({ _id: `e${seq}`, name: 'a', seq, _outbox: [userEvent('acct', `Entry${seq}`)] });
    }
    const seen = await listen();
    const started = startOutboxRelay({ collection: entries, bus, topic: TOPIC, sweepOrder: { seq: 1 } });
    relays.push(started);
    await waitFor(() => seen.length === 3, 5000, 'the three entries');
    expect(types(seen)).toEqual(['acct:Entry1', 'acct:Entry2', 'acct:Entry3']);
  });

  it('finds events without being notified, on its periodic sweep', async () => {
    const seen = await listen();
    relay({ sweepIntervalMs: 30 });
    await sleep(50);
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    await waitFor(() => seen.length === 1, 1000, 'the swept event');
  });

  it('leaves events added during a publish for the next round, and loses none', async () => {
    const seen = await listen();
    const { controlled, hold } = controlledBus();
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    const release = hold();
    const started = relay({ via: controlled, sweepIntervalMs: 60_000 });
    await sleep(30);
    await users.updateOne({ _id: 'u1' }, withEvents({ $set: { name: 'luigi' } }, [userEvent('u1', 'ProfileUpdated')]));
    started.notify();
    release();
    await waitFor(() => seen.length === 2, 2000, 'both events');
    expect(types(seen)).toEqual(['u1:UserRegistered', 'u1:ProfileUpdated']);
    await waitFor(async () => (await users.findOne({ _id: 'u1' }))?._outbox?.length === 0, 2000, 'a cleared outbox');
    await sleep(30);
    expect(seen).toHaveLength(2);
  });

  it('keeps the events when publishing fails, and publishes them later', async () => {
    const seen = await listen();
    const { controlled, failNext, publishes } = controlledBus();
    failNext(2);
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    relay({ via: controlled, sweepIntervalMs: 20 });
    await waitFor(() => seen.length === 1, 2000, 'the event after the broker came back');
    expect(publishes.length).toBeGreaterThanOrEqual(3);
    await waitFor(async () => (await users.findOne({ _id: 'u1' }))?._outbox?.length === 0, 2000, 'a cleared outbox');
  });

  it('tries again soon after a failed publish, in order: what was stored since waits for what failed', async () => {
    const seen = await listen();
    const { controlled, failNext } = controlledBus();
    // No sweep for a minute: only the retry can publish what failed.
    const started = relay({ via: controlled, sweepIntervalMs: 60_000 });
    await sleep(50);
    failNext(1);
    const first = userEvent('u1', 'UserRegistered');
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [first] });
    started.notify('u1', [first]);
    await sleep(20);
    const second = userEvent('u1', 'UserRenamed');
    await users.updateOne({ _id: 'u1' }, withEvents({ $set: { name: 'mario rossi' } }, [second]));
    started.notify('u1', [second]);
    await waitFor(() => seen.length === 2, 5000, 'both events within seconds');
    expect(types(seen)).toEqual(['u1:UserRegistered', 'u1:UserRenamed']);
  });

  it('reports its backlog while publishing fails, and none once the events went out', async () => {
    const seen = await listen();
    const { controlled, failNext } = controlledBus();
    failNext(5);
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    await users.insertOne({ _id: 'u2', name: 'luigi', _outbox: [userEvent('u2', 'UserRegistered')] });
    const started = relay({ via: controlled, sweepIntervalMs: 20 });
    started.notify('u1');
    const backlog = async () => {
      const scrape = await processMetrics().getSingleMetricAsString('tip_outbox_pending_documents');
      const age = await processMetrics().getSingleMetricAsString('tip_outbox_oldest_event_age_seconds');
      const value = (text: string) => Number(/\{topic="identity.users"\} ([\d.e-]+)/.exec(text)?.[1] ?? NaN);
      return { documents: value(scrape), age: value(age) };
    };
    await waitFor(async () => (await backlog()).documents === 2, 2000, 'both documents waiting');
    expect((await backlog()).age).toBeGreaterThanOrEqual(0);
    await waitFor(() => seen.length === 2, 4000, 'the events after the broker came back');
    await waitFor(async () => (await backlog()).documents === 0, 2000, 'no backlog');
    expect((await backlog()).age).toBe(0);
  });

  it('stops only after the publish in flight is done and its events are cleared', async () => {
    const { controlled, hold } = controlledBus();
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [userEvent('u1', 'UserRegistered')] });
    const release = hold();
    const started = startOutboxRelay({ collection: users, bus: controlled, topic: TOPIC });
    await sleep(30);
    let stopped = false;
    const stopping = started.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await users.findOne({ _id: 'u1' }))?._outbox).toEqual([]);
  });

  it('lets an idempotent consumer handle each event once, though a crashed relay published it twice', async () => {
    const registered = userEvent('u1', 'UserRegistered');
    const updated = userEvent('u1', 'ProfileUpdated');
    await users.insertOne({ _id: 'u1', name: 'mario', _outbox: [registered, updated] });
    // The relay before the crash: published, then died before pulling the events out.
    await bus.publish(TOPIC, [registered, updated]);

    const deliveries: string[] = [];
    const handled: string[] = [];
    await bus.subscribe({
      group: 'search',
      topics: [TOPIC],
      handle: async (event) => {
        deliveries.push(event.id);
        await idempotentHandler(store, 'search')(event, async () => void handled.push(event.id));
      },
    });
    relay();
    await waitFor(() => deliveries.length === 4, 2000, 'both publications');
    await sleep(30);
    expect(handled).toEqual([registered.id, updated.id]);
    const records = await store.collection(HANDLED_EVENTS_COLLECTION);
    expect(await records.findOne({ _id: `search:${registered.id}` })).toMatchObject({ group: 'search', topic: TOPIC });
  });
});

describe('an idempotent handler', () => {
  let dir: string;
  let store: SqliteDocumentStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-idempotent-'));
    store = await SqliteDocumentStore.open(dir);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const delivered = (event: EventEnvelope): DeliveredEvent => ({ ...event, topic: 't' });

  it('does not remember an event whose handler failed, so that its redelivery runs it again', async () => {
    let attempts = 0;
    const handleOnce = idempotentHandler(store, 'g');
    const handle = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first attempt fails');
    };
    const event = delivered(newEvent('E', 1, 'k', {}, 'c'));
    await expect(handleOnce(event, handle)).rejects.toThrow('first attempt fails');
    await handleOnce(event, handle);
    await handleOnce(event, handle);
    expect(attempts).toBe(2);
  });

  it('remembers per group: another group handles the same event too', async () => {
    const seen: string[] = [];
    const event = delivered(newEvent('E', 1, 'k', {}, 'c'));
    await idempotentHandler(store, 'feed')(event, async () => void seen.push('feed'));
    await idempotentHandler(store, 'feed')(event, async () => void seen.push('feed again'));
    await idempotentHandler(store, 'search')(event, async () => void seen.push('search'));
    expect(seen).toEqual(['feed', 'search']);
  });

  it('remembers across a restart', async () => {
    const event = delivered(newEvent('E', 1, 'k', {}, 'c'));
    let runs = 0;
    await idempotentHandler(store, 'g')(event, async () => void (runs += 1));
    await store.close();
    store = await SqliteDocumentStore.open(dir);
    await idempotentHandler(store, 'g')(event, async () => void (runs += 1));
    expect(runs).toBe(1);
  });

  it('remembers a week at most: older records of its group are swept out, so the collection stays bounded', async () => {
    const day = 24 * 60 * 60_000;
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    const options = { keptMs: 7 * day, now: () => clock };
    const handle = idempotentHandler(store, 'g', options);
    const other = idempotentHandler(store, 'other', options);
    const nothing = async () => undefined;
    for (let n = 0; n < 5; n++) {
      await handle(delivered(newEvent('E', 1, 'k', { n }, 'c')), nothing);
      await other(delivered(newEvent('E', 1, 'k', { n }, 'c')), nothing);
      clock += day;
    }
    const records = await store.collection<{ _id: string; group: string }>(HANDLED_EVENTS_COLLECTION);
    expect(await records.count({})).toBe(10);
    clock += 5 * day; // the first three records of each group are over a week old now
    await handle(delivered(newEvent('E', 1, 'k', { n: 5 }, 'c')), nothing);
    expect(await records.count({ group: 'g' })).toBe(3);
    expect(await records.count({ group: 'other' })).toBe(5);
  });
});
