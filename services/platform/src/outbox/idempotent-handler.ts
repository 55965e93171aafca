import { DuplicateKeyError, type BaseDocument, type Collection, type DocumentStore } from '../ports/documents.js';
import type { DeliveredEvent } from '../ports/events.js';

export const HANDLED_EVENTS_COLLECTION = '_handled_events';

interface HandledEvent extends BaseDocument {
  group: string;
  eventId: string;
  topic: string;
  handledAt: string;
}

type Handle = (event: DeliveredEvent) => Promise<void>;

/**
 * Makes a consumer skip events its group has already handled (a republished outbox event, a redelivery after a
 * crash). Handled ids are remembered in `_handled_events` as `<group>:<eventId>` once the handler resolved; a
 * handler that throws is not remembered, so its redelivery runs it again. A crash between the handler and the
 * record can still repeat a handler, so effects that must never repeat need their own guard (a unique key).
 */
export function idempotentHandler(store: DocumentStore, group: string, handle: Handle): Handle {
  let handled: Promise<Collection<HandledEvent>> | undefined;
  const collection = () => {
    if (!handled) {
      handled = store.collection<HandledEvent>(HANDLED_EVENTS_COLLECTION);
      handled.catch(() => (handled = undefined));
    }
    return handled;
  };

  return async (event) => {
    const records = await collection();
    const _id = `${group}:${event.id}`;
    if (await records.findOne({ _id })) return;
    await handle(event);
    try {
      await records.insertOne({
        _id,
        group,
        eventId: event.id,
        topic: event.topic,
        handledAt: new Date().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  };
}
