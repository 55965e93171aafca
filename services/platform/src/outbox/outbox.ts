import { randomUUID } from 'node:crypto';
import type { BaseDocument, IndexSpec, Update } from '../ports/documents.js';
import type { EventEnvelope } from '../ports/events.js';
import { traceContextFields } from '../tracing/tracing.js';

/**
 * The outbox: an aggregate's document carries its not-yet-published events in this array field, written by the same
 * insertOne or updateOne as the state change. One document write is atomic in SQLite and in Mongo, so a state change
 * is never stored without its events. The relay (relay.ts) publishes them and pulls them out.
 * Deleting an aggregate means keeping a tombstone document, so that its last events still go out.
 */
export const OUTBOX_FIELD = '_outbox';

export interface OutboxDocument extends BaseDocument {
  _outbox?: EventEnvelope[];
}

/** Lets Mongo find documents with pending events without scanning the collection; add it to the collection's indexes. */
export const outboxIndex: IndexSpec = { fields: { [`${OUTBOX_FIELD}.id`]: 1 }, sparse: true };

/** An event written now: within a traced span, it carries that span's context (see tracing.ts). */
export function newEvent<P>(
  type: string,
  version: number,
  key: string,
  payload: P,
  correlationId: string,
): EventEnvelope<P> {
  const occurredAt = new Date().toISOString();
  return { id: randomUUID(), type, version, occurredAt, key, correlationId, payload, ...traceContextFields() };
}

/** Adds the events to an update, so that they are stored by the same write as the state change. */
export function withEvents(update: Update, events: EventEnvelope[]): Update {
  if (update.$push && OUTBOX_FIELD in update.$push) throw new TypeError(`the update already pushes to ${OUTBOX_FIELD}`);
  return { ...update, $push: { ...update.$push, [OUTBOX_FIELD]: { $each: events } } };
}
