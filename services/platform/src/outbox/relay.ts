import type { Logger } from '../logging/logger.js';
import { reportOutbox } from '../metrics/registry.js';
import type { Collection, Filter } from '../ports/documents.js';
import type { EventBus, EventEnvelope } from '../ports/events.js';
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
  /**
   * The order in which a sweep publishes documents, where several documents carry one aggregate's events (a
   * ledger's entries: by account and sequence). Notified documents go out in the order they were notified.
   */
  sweepOrder?: Record<string, 1 | -1>;
}

export interface OutboxRelay {
  /**
   * Asks the relay to publish now; repositories call it after a write that added events, naming the document that
   * carries them and, where they have them at hand, the events the write stored: those are published as told, with
   * no read. A document named without its events is read by its id; without a document, the relay sweeps the whole
   * collection.
   */
  notify(documentId?: string, events?: readonly EventEnvelope[]): void;
  /** Resolves once the publish in flight, if any, is finished and its events are pulled from the outbox. */
  stop(): Promise<void>;
}

const PENDING: Filter = { [`${OUTBOX_FIELD}.id`]: { $exists: true } };
/** After a publish failed, the first wait before trying again; it doubles up to the sweep interval. */
const FIRST_RETRY_MS = 250;

/**
 * Publishes the events that documents of a collection carry in their outbox, each document's events in order, then
 * pulls exactly the published ones out by id ($pull), so events added meanwhile stay for the next round. Documents
 * it is told about are read by id, so a busy collection is not scanned for every write; a sweep (at start, so that
 * events left by a crash go out, and then every sweepIntervalMs) finds whatever was not told. A batch of documents
 * goes out in one publish. A crash between publish and pull publishes the events again: delivery is at least once,
 * and consumers are idempotent (see idempotentHandler).
 */
export function startOutboxRelay<T extends OutboxDocument>(options: OutboxRelayOptions<T>): OutboxRelay {
  const { collection, bus, topic, logger } = options;
  // Writes notify the relay, so a sweep only finds what a notification missed: on the embedded store a sweep reads
  // the whole collection (its index does not answer $exists), so it runs every 10 s, not every second.
  const sweepIntervalMs = options.sweepIntervalMs ?? 10_000;
  const batchSize = options.batchSize ?? 100;
  let running = true;
  let sweepDue = true;
  /**
   * Documents notified since the last round, in notification order (a Map keeps insertion order), with the events
   * their writes stored, or undefined where one write did not say which (that document is read).
   */
  let notified = new Map<string, EventEnvelope[] | undefined>();
  let wake: (() => void) | undefined;
  /** Ends the wait after a failed publish at once (a stop). */
  let endBackOff: (() => void) | undefined;
  /**
   * Documents known to carry events not yet published, by when they were stored (notified) or found (swept), oldest
   * first: the backlog the metrics report, without a query on every scrape.
   */
  const waiting = new Map<string, number>();
  const stopReporting = reportOutbox(topic, () => ({
    documents: waiting.size,
    oldestAt: waiting.values().next().value ?? null,
  }));

  async function publish(docs: OutboxDocument[]): Promise<void> {
    const pending = docs.filter((doc) => (doc[OUTBOX_FIELD]?.length ?? 0) > 0);
    if (pending.length === 0 || !running) return;
    for (const doc of pending) if (!waiting.has(doc._id)) waiting.set(doc._id, Date.now());
    const events = pending.flatMap((doc) => doc[OUTBOX_FIELD] as EventEnvelope[]);
    await bus.publish(topic, events);
    // One write for the whole batch: an event id names one event, so pulling them all from each document pulls
    // exactly what that document published.
    await collection.updateMany(
      { _id: { $in: pending.map((doc) => doc._id) } },
      { $pull: { [OUTBOX_FIELD]: { id: { $in: events.map((event) => event.id) } } } },
    );
    for (const doc of pending) waiting.delete(doc._id);
  }

  async function drainNotified(told: [string, EventEnvelope[] | undefined][]): Promise<void> {
    for (let start = 0; start < told.length && running; start += batchSize) {
      const batch = told.slice(start, start + batchSize);
      const unread = batch.flatMap(([id, events]) => (events ? [] : [id]));
      const found = unread.length > 0 ? await collection.find({ _id: { $in: unread } }) : [];
      const byId = new Map(found.map((doc) => [doc._id, doc]));
      // A document gone, or whose events a sweep published already, waits no more.
      for (const id of unread) if ((byId.get(id)?.[OUTBOX_FIELD]?.length ?? 0) === 0) waiting.delete(id);
      await publish(
        batch.flatMap(([id, events]): OutboxDocument[] => {
          if (events) return [{ _id: id, [OUTBOX_FIELD]: events }];
          const doc = byId.get(id);
          return doc ? [doc] : [];
        }),
      );
    }
  }

  async function sweep(): Promise<void> {
    for (;;) {
      const pending = await collection.find(PENDING, {
        limit: batchSize,
        ...(options.sweepOrder ? { sort: options.sweepOrder } : {}),
      });
      await publish(pending);
      if (pending.length < batchSize || !running) return;
    }
  }

  function pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        sweepDue = true;
        wake?.();
      }, sweepIntervalMs);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  function backOff(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => endBackOff?.(), ms);
      endBackOff = () => {
        clearTimeout(timer);
        endBackOff = undefined;
        resolve();
      };
    });
  }

  const loop = (async () => {
    let failures = 0;
    while (running) {
      if (!sweepDue && notified.size === 0) await pause();
      if (!running) return;
      const told = [...notified];
      notified = new Map();
      const sweeping = sweepDue;
      sweepDue = false;
      try {
        // A sweep publishes the notified documents too: they carry pending events like any other.
        if (sweeping) await sweep();
        else await drainNotified(told);
        failures = 0;
      } catch (error) {
        logger?.error({ err: error, topic }, 'could not publish pending events');
        // The events stay in the outbox, and so do those stored since: a sweep publishes them all, in its order,
        // soon rather than at the next interval. Publishing what was told meanwhile first would put an aggregate's
        // later events before the ones that failed.
        sweepDue = true;
        failures += 1;
        await backOff(Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), sweepIntervalMs));
      }
    }
  })();

  return {
    notify(documentId, events) {
      if (documentId === undefined) sweepDue = true;
      else {
        const earlier = notified.get(documentId);
        if (!notified.has(documentId)) notified.set(documentId, events && [...events]);
        else if (earlier && events) earlier.push(...events);
        else notified.set(documentId, undefined);
        if (!waiting.has(documentId)) waiting.set(documentId, Date.now());
      }
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      endBackOff?.();
      await loop;
      stopReporting();
    },
  };
}
