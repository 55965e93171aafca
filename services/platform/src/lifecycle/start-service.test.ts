import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../adapters/documents/sqlite-store.js';
import { SqliteEventLog } from '../adapters/events/sqlite-event-log.js';
import type { ServiceHandlers } from '../grpc/unary.js';
import { generateServiceTokenSecret } from '../grpc/service-token.js';
import { TEST_SERVICE_NAME, testServiceDefinition, type UsersDefinition } from '../grpc/testing/test-service.js';
import { createLogger } from '../logging/logger.js';
import { newEvent, outboxIndex, type OutboxDocument } from '../outbox/outbox.js';
import type { Collection } from '../ports/documents.js';
import type { DeliveredEvent } from '../ports/events.js';
import { waitFor } from '../testing/wait.js';
import { startService, type EventsStored, type Outbox } from './start-service.js';

describe('starting a service', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  let bus: SqliteEventLog;
  let things: Collection<OutboxDocument>;
  let notify: EventsStored = () => {};

  const logger = createLogger('start-service-test', 'silent');
  const service = {
    name: TEST_SERVICE_NAME,
    definition: testServiceDefinition(),
    handlers: {} as ServiceHandlers<UsersDefinition>,
  };
  const outbox = (): Outbox => ({ collection: things, topic: 'things', onEventsStored: (relay) => (notify = relay) });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-start-service-'));
    store = await SqliteDocumentStore.open(dir);
    bus = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    things = await store.collection<OutboxDocument>('things', [outboxIndex]);
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('relays what its repositories store, serves, and stops', async () => {
    const seen: DeliveredEvent[] = [];
    await bus.subscribe({ group: 'observer', topics: ['things'], handle: async (event) => void seen.push(event) });
    const running = await startService({
      address: '127.0.0.1:0',
      service,
      events: bus,
      logger,
      outboxes: [outbox()],
      serviceTokenSecret: generateServiceTokenSecret(),
    });
    expect(running.address).toMatch(/^127\.0\.0\.1:\d+$/);
    const made = [newEvent('ThingMade', 1, 't1', {}, 'c')];
    await things.insertOne({ _id: 't1', _outbox: made });
    notify('t1', made);
    await waitFor(() => seen.length === 1, 5000, 'the relayed event');
    await running.stop();
  });

  it('runs its start-up passes once it serves, and stops them first, waiting for them', async () => {
    const steps: string[] = [];
    const running = await startService({
      address: '127.0.0.1:0',
      service,
      events: bus,
      logger,
      outboxes: [],
      serviceTokenSecret: generateServiceTokenSecret(),
      startupPasses: [
        {
          what: 'copy what an earlier version did not keep',
          run: (signal) =>
            new Promise<void>((resolve) => {
              steps.push('started');
              signal.addEventListener('abort', () => setTimeout(() => resolve(void steps.push('stopped')), 20));
            }),
        },
        { what: 'fail', run: () => Promise.reject(new Error('store down')) },
      ],
    });
    expect(steps).toEqual(['started']);
    await running.stop();
    expect(steps).toEqual(['started', 'stopped']);
  });

  it('stops what it had started when a consumer cannot start, and says why', async () => {
    let consumed = false;
    const failing = startService({
      address: '127.0.0.1:0',
      service,
      events: bus,
      logger,
      outboxes: [outbox()],
      serviceTokenSecret: generateServiceTokenSecret(),
      consumers: [
        async () => {
          consumed = true;
          throw new Error('the broker said no');
        },
      ],
    });
    await expect(failing).rejects.toThrow('the broker said no');
    expect(consumed).toBe(true);
  });
});
