import type { Logger } from '../logging/logger.js';
import type { Collection, Filter } from '../ports/documents.js';
import type { EventBus } from '../ports/events.js';
import { OUTBOX_FIELD, type OutboxDocument } from './outbox.js';

export interface OutboxRelayOptions<T extends OutboxDocument> {
  collection: Collection<T>;
  bus: EventBus;
  topic: string;
  logger?: Logger;
  /** How often to look for pending events without being notified (events left by a crash, missed notifications). */
  sweepIntervalMs?: number;
  /** Documents read per query. */
  batchSize?: number;
}

export interface OutboxRelay {
  /** Asks the relay to publish now; repositories call it after a write that added events. */
  notify(): void;
  /** Resolves once the publish in flight, if any, is finished and its events are pulled from the outbox. */
  stop(): Promise<void>;
}

const PENDING: Filter = { [`${OUTBOX_FIELD}.id`]: { $exists: true } };

/**
 * Publishes the events that documents of a collection carry in their outbox, each document's events in order, then
 * pulls exactly the published ones out by id ($pull), so events added meanwhile stay for the next round. It starts
 * with a sweep, so events left by a crash go out on the next start. A crash between publish and pull publishes the
 * events again: delivery is at least once, and consumers are idempotent (see idempotentHandler).
 */
export function startOutboxRelay<T extends OutboxDocument>(options: OutboxRelayOptions<T>): OutboxRelay {
  const { collection, bus, topic, logger } = options;
  const sweepIntervalMs = options.sweepIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 100;
  let running = true;
  let notified = true;
  let wake: (() => void) | undefined;

  async function drain(): Promise<void> {
    for (;;) {
      const pending = await collection.find(PENDING, { limit: batchSize });
      for (const doc of pending) {
        if (!running) return;
        const events = doc._outbox ?? [];
        await bus.publish(topic, events);
        const ids = events.map((event) => event.id);
        await collection.updateOne({ _id: doc._id }, { $pull: { [OUTBOX_FIELD]: { id: { $in: ids } } } });
      }
      if (pending.length < batchSize) return;
    }
  }

  function pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => wake?.(), sweepIntervalMs);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  const loop = (async () => {
    while (running) {
      if (!notified) await pause();
      notified = false;
      if (!running) return;
      try {
        await drain();
      } catch (error) {
        // The events stay in the outbox; the next sweep or notification tries again.
        logger?.error({ err: error, topic }, 'could not publish pending events');
      }
    }
  })();

  return {
    notify() {
      notified = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
