import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { SqliteDocumentStore } from '../adapters/documents/sqlite-store.js';
import { SqliteEventLog } from '../adapters/events/sqlite-event-log.js';
import { defineEvent } from '../events/define-event.js';
import { createLogger } from '../logging/logger.js';
import { waitFor } from '../testing/wait.js';
import { followEvents, on, onEach } from './follow-events.js';
import { HANDLED_EVENTS_COLLECTION } from './idempotent-handler.js';
import { newEvent } from './outbox.js';

const TOPIC = 'test.things';
const Liked = defineEvent({ type: 'Liked', version: 1, topic: TOPIC, schema: z.object({ id: z.string() }) });
const Shared = defineEvent({ type: 'Shared', version: 1, topic: TOPIC, schema: z.object({ id: z.string() }) });
const logger = createLogger('follow-events-test', 'silent');

describe('followEvents', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  let bus: SqliteEventLog;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-follow-events-'));
    store = await SqliteDocumentStore.open(dir);
    bus = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('handles each of its types by its reaction, passes over the others and skips a malformed one', async () => {
    const seen: string[] = [];
    await followEvents({
      events: bus,
      group: 'reactions',
      logger,
      reactions: [
        on(Liked, ({ id }) => void seen.push(`liked ${id}`)),
        ...onEach([Shared], ({ id }) => seen.push(`shared ${id}`)),
      ],
    });
    await bus.publish(TOPIC, [
      Liked.create('a', { id: 'a' }, 'r'),
      newEvent('Liked', 1, 'b', { id: 42 }, 'r'),
      newEvent('Viewed', 1, 'c', { id: 'c' }, 'r'),
      Shared.create('d', { id: 'd' }, 'r'),
    ]);
    await waitFor(() => seen.length === 2, 5000, 'the reactions');
    expect(seen).toEqual(['liked a', 'shared d']);
  });

  it('with `once`, handles a redelivered event once and remembers only its own types', async () => {
    const seen: string[] = [];
    const follow = (group: string) =>
      followEvents({ events: bus, group, logger, once: store, reactions: [on(Liked, ({ id }) => seen.push(id))] });
    await follow('once');
    const liked = Liked.create('a', { id: 'a' }, 'r');
    const later = Liked.create('b', { id: 'b' }, 'r');
    await bus.publish(TOPIC, [liked, liked, newEvent('Viewed', 1, 'v', { id: 'v' }, 'r'), later]);
    const handled = await store.collection<{ _id: string }>(HANDLED_EVENTS_COLLECTION);
    // The record follows the handler: once the later event's is written, every earlier delivery was handled.
    await waitFor(async () => (await handled.findOne({ _id: `once:${later.id}` })) !== null, 5000, 'the later event');
    expect(seen).toEqual(['a', 'b']);
    expect(await handled.count({})).toBe(2);
  });

  it('with `once`, remembers only the events its reactions act on (`when`)', async () => {
    const seen: string[] = [];
    const reactions = [
      on(
        Liked,
        ({ id }) => seen.push(id),
        ({ id }) => id.startsWith('telegram'),
      ),
    ];
    await followEvents({ events: bus, group: 'some', logger, once: store, reactions });
    const passedOver = Liked.create('m', { id: 'message' }, 'r');
    const actedOn = Liked.create('t', { id: 'telegram' }, 'r');
    await bus.publish(TOPIC, [passedOver, actedOn, actedOn]);
    const handled = await store.collection<{ _id: string }>(HANDLED_EVENTS_COLLECTION);
    await waitFor(async () => (await handled.findOne({ _id: `some:${actedOn.id}` })) !== null, 5000, 'the telegram');
    expect(seen).toEqual(['telegram']);
    expect(await handled.count({})).toBe(1);
  });

  it('without `once`, runs a repeated event again: its handlers must be safe to repeat', async () => {
    const seen: string[] = [];
    await followEvents({ events: bus, group: 'repeatable', logger, reactions: [on(Liked, ({ id }) => seen.push(id))] });
    const liked = Liked.create('a', { id: 'a' }, 'r');
    await bus.publish(TOPIC, [liked, liked]);
    await waitFor(() => seen.length === 2, 5000, 'both deliveries');
    expect(seen).toEqual(['a', 'a']);
  });
});
