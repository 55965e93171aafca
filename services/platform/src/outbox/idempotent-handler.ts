import { insertOnce } from '../ports/document-writes.js';
import type { BaseDocument, Collection, DocumentStore } from '../ports/documents.js';
import type { DeliveredEvent } from '../ports/events.js';

export const HANDLED_EVENTS_COLLECTION = '_handled_events';

/**
 * How long a handled event's id is remembered: far longer than any redelivery takes (an uncommitted offset after a
 * crash, a Kafka rebalance), so the collection holds at most a week of the group's events.
 */
export const HANDLED_EVENTS_KEPT_MS = 7 * 24 * 60 * 60_000;
/** How often a handler sweeps out what it need not remember any more. */
const PRUNE_EVERY_MS = 60 * 60_000;

interface HandledEvent extends BaseDocument {
  group: string;
  eventId: string;
  topic: string;
  handledAt: string;
}

/** Runs `handle` for `event` unless the group handled the event before. */
type HandleOnce = (event: DeliveredEvent, handle: () => Promise<void>) => Promise<void>;

/**
 * Makes a consumer skip events its group has already handled (a republished outbox event, a redelivery after a
 * crash). Handled ids are remembered in `_handled_events` as `<group>:<eventId>` once the handler resolved; a
 * handler that throws is not remembered, so its redelivery runs it again. A crash between the handler and the
 * record can still repeat a handler, so effects that must never repeat need their own guard (a unique key). Records
 * older than `keptMs` (a week) are swept out now and then, which bounds the collection.
 */
export function idempotentHandler(
  store: DocumentStore,
  group: string,
  options: { keptMs?: number; now?: () => number } = {},
): HandleOnce {
  const keptMs = options.keptMs ?? HANDLED_EVENTS_KEPT_MS;
  const now = options.now ?? Date.now;
  let handled: Promise<Collection<HandledEvent>> | undefined;
  const collection = () => {
    if (!handled) {
      handled = store.collection<HandledEvent>(HANDLED_EVENTS_COLLECTION, [{ fields: { handledAt: 1 } }]);
      handled.catch(() => (handled = undefined));
    }
    return handled;
  };
  let prunedAt = 0;
  const prune = async (records: Collection<HandledEvent>) => {
    if (now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now();
    await records.deleteMany({ group, handledAt: { $lt: new Date(now() - keptMs).toISOString() } });
  };

  return async (event, handle) => {
    const records = await collection();
    await prune(records);
    const _id = `${group}:${event.id}`;
    if (await records.findOne({ _id })) return;
    await handle();
    await insertOnce(records, {
      _id,
      group,
      eventId: event.id,
      topic: event.topic,
      handledAt: new Date(now()).toISOString(),
    });
  };
}
