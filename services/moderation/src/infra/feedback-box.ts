import {
  outboxIndex,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
  OutboxRepository,
} from '@tip/platform';
import type { FeedbackStatus, FeedbackType } from '../domain/index.js';
import { collectionName } from './repository.js';

export interface FeedbackDocument extends OutboxDocument {
  _id: string;
  userId: string | null;
  type: FeedbackType;
  message: string;
  status: FeedbackStatus;
  createdAt: string;
  /** A tombstone, kept so that its FeedbackDeleted still leaves. */
  deleted: boolean;
}

const KEPT = { deleted: false };
/** A deleted feedback's words and sender go at once; its tombstone stays until its event left. */
const ERASED = { deleted: true, message: '', userId: null };

/** Members' feedback, each change stored with its event. */
export class FeedbackBox extends OutboxRepository<FeedbackDocument> {
  static async open(store: DocumentStore): Promise<FeedbackBox> {
    const feedback = await store.collection<FeedbackDocument>(collectionName('feedback'), [
      { fields: { userId: 1 } },
      outboxIndex,
    ]);
    return new FeedbackBox(feedback);
  }

  /** Stores a new feedback (its id a fresh uuid) with its events. */
  async receive(feedback: FeedbackDocument, events: EventEnvelope[]): Promise<void> {
    await this.insertWithEvents(feedback, events);
  }

  /** Every feedback not deleted, newest first. */
  kept(): Promise<FeedbackDocument[]> {
    return this.collection.find(KEPT, { sort: { createdAt: -1 } });
  }

  /** These feedbacks, deleted ones as their tombstones (type kept, message gone), those that exist. */
  getMany(feedbackIds: string[]): Promise<FeedbackDocument[]> {
    return feedbackIds.length > 0 ? this.collection.find({ _id: { $in: feedbackIds } }) : Promise.resolve([]);
  }

  /** What the member sent and is still kept, oldest first. */
  sentBy(userId: string): Promise<FeedbackDocument[]> {
    return this.collection.find({ userId, ...KEPT }, { sort: { createdAt: 1 } });
  }

  /** The ids of every feedback naming the member as its sender. */
  async idsSentBy(userId: string): Promise<string[]> {
    return (await this.collection.find({ userId })).map((feedback) => feedback._id);
  }

  /** How many feedbacks not deleted wait for an admin (pending or in review). */
  countOpen(): Promise<number> {
    return this.collection.count({ ...KEPT, status: { $ne: 'resolved' } });
  }

  /** Sets the status with its events; false when the feedback is deleted or unknown. */
  async setStatus(feedbackId: string, status: FeedbackStatus, events: EventEnvelope[]): Promise<boolean> {
    return (await this.updateWithEvents(feedbackId, KEPT, { $set: { status } }, events)) !== null;
  }

  /** An admin deletes the feedback, with its events; false when it is deleted already or unknown. */
  async delete(feedbackId: string, events: EventEnvelope[]): Promise<boolean> {
    return (await this.updateWithEvents(feedbackId, KEPT, { $set: { ...ERASED } }, events)) !== null;
  }

  /** Erases the feedback with its events, whatever its state (its sender's account is gone). */
  async erase(feedbackId: string, events: EventEnvelope[]): Promise<void> {
    await this.updateWithEvents(feedbackId, {}, { $set: { ...ERASED } }, events);
  }
}
