import { DuplicateKeyError, type Collection, type Filter, type Update } from '../ports/documents.js';
import type { EventEnvelope } from '../ports/events.js';
import type { EventsStored, Outbox } from '../lifecycle/start-service.js';
import { OUTBOX_FIELD, withEvents, type OutboxDocument } from './outbox.js';

/**
 * What the repositories whose documents carry their events (the outbox) share: a write stores the change and its
 * events at once, then wakes the relay with the document's id and those events.
 */
export abstract class OutboxRepository<T extends OutboxDocument> {
  private eventsStored: EventsStored = () => {};

  protected constructor(protected readonly collection: Collection<T>) {}

  /** For the service's start: the relay publishing this collection's events on `topic`, woken after each write. */
  outbox(topic: string): Outbox {
    return {
      collection: this.collection,
      topic,
      onEventsStored: (notify) => {
        this.eventsStored = notify;
      },
    };
  }

  /** Inserts the document carrying its events; false when its id (or a unique field) is taken. */
  protected async insertWithEvents(document: T, events: EventEnvelope[]): Promise<boolean> {
    try {
      await this.collection.insertOne({ ...document, [OUTBOX_FIELD]: events });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
    this.eventsStored(document._id, events);
    return true;
  }

  /**
   * Sets `fields` on the document with its events, inserting `created()` with them when there is none: `upsert`
   * (ports/document-writes.ts) with an outbox, in one write when the document exists.
   */
  protected async upsertWithEvents(
    id: string,
    fields: Partial<T>,
    created: () => T,
    events: EventEnvelope[],
  ): Promise<void> {
    const set = { $set: fields as Record<string, unknown> };
    if (await this.updateWithEvents(id, {}, set, events)) return;
    if (await this.insertWithEvents({ ...created(), ...fields }, events)) return;
    // Inserted meanwhile by another write: set on it.
    await this.updateWithEvents(id, {}, set, events);
  }

  /**
   * Applies the update with its events to the document when it still matches `filter`: the document as updated, or
   * null when it did not match (and nothing was written).
   */
  protected async updateWithEvents(
    id: string,
    filter: Filter,
    update: Update,
    events: EventEnvelope[],
  ): Promise<T | null> {
    const updated = await this.collection.updateOne({ _id: id, ...filter }, withEvents(update, events));
    if (updated) this.eventsStored(id, events);
    return updated;
  }
}
