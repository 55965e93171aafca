import {
  outboxIndex,
  upsert,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
  OutboxRepository,
} from '@tip/platform';
import type { GenderChange } from '@tip/identity/contract';
import type { Decision } from '../domain/index.js';
import { collectionName } from './repository.js';

/** A user as identity's events tell it: whether they wait for a verification decision, and whether they exist. */
export interface MemberDocument extends OutboxDocument {
  _id: string;
  verificationStatus: string;
  isAdmin: boolean;
  registeredAt: string;
  /** When the photo waiting for a decision was sent. */
  submittedAt: string | null;
  /** The approved gender the member changed while their photo waits (absent in documents written before it). */
  genderChange?: GenderChange | null;
  deleted: boolean;
}

/** A member as identity describes them: its profile events, or its answer when moderation asks. */
export interface DescribedMember {
  userId: string;
  verificationStatus: string;
  isAdmin: boolean;
  createdAt: string;
}

const newMember = (userId: string, registeredAt: string): MemberDocument => ({
  _id: userId,
  verificationStatus: 'unverified',
  isAdmin: false,
  registeredAt,
  submittedAt: null,
  genderChange: null,
  deleted: false,
});

const WAITING = { verificationStatus: 'pending', deleted: false };

/**
 * The verification queue: the members identity's events tell of (who exists, whose photo waits for a decision), and
 * the decisions taken here, each stored with its VerificationDecided. Every write from an event sets what the event
 * says, so a repeated one changes nothing.
 */
export class MemberQueue extends OutboxRepository<MemberDocument> {
  static async open(store: DocumentStore): Promise<MemberQueue> {
    const members = await store.collection<MemberDocument>(collectionName('members'), [
      { fields: { verificationStatus: 1 } },
      outboxIndex,
    ]);
    return new MemberQueue(members);
  }

  /** The member, unless deleted or not heard of. */
  get(userId: string): Promise<MemberDocument | null> {
    return this.collection.findOne({ _id: userId, deleted: false });
  }

  /** Members whose photo waits for a decision, longest waiting first. */
  waiting(): Promise<MemberDocument[]> {
    return this.collection.find(WAITING, { sort: { submittedAt: 1, registeredAt: 1 } });
  }

  countExisting(): Promise<number> {
    return this.collection.count({ deleted: false });
  }

  countWaiting(): Promise<number> {
    return this.collection.count(WAITING);
  }

  /** Takes in a member as identity describes them. */
  learn({ userId, verificationStatus, isAdmin, createdAt }: DescribedMember): Promise<void> {
    return upsert(this.collection, userId, { verificationStatus, isAdmin }, () => newMember(userId, createdAt));
  }

  /**
   * A photo sent for a decision, with the gender change it is to confirm, if any. A member not heard of yet (identity
   * publishes this before the registration it comes with) waits from now on, as the profile event will say.
   */
  photoSubmitted(userId: string, submittedAt: string, genderChange: GenderChange | null): Promise<void> {
    return upsert(this.collection, userId, { submittedAt, genderChange }, () => ({
      ...newMember(userId, submittedAt),
      verificationStatus: 'pending',
    }));
  }

  /** Stores `events` to go out if the member waits for a decision now; nothing otherwise. */
  async tellIfWaiting(userId: string, events: EventEnvelope[]): Promise<void> {
    await this.updateWithEvents(userId, WAITING, {}, events);
  }

  /** The member deleted their account: out of the queue and the counts for good. */
  markDeleted(userId: string, deletedAt: string): Promise<void> {
    return upsert(this.collection, userId, { deleted: true, submittedAt: null, genderChange: null }, () =>
      newMember(userId, deletedAt),
    );
  }

  /**
   * Records a decision with its events if the member still waits for one: of two admins deciding at once, only
   * one finds them waiting. False when they did not (decided already, or deleted).
   */
  async decide(userId: string, status: Decision['status'], events: EventEnvelope[]): Promise<boolean> {
    return (
      (await this.updateWithEvents(
        userId,
        WAITING,
        { $set: { verificationStatus: status, genderChange: null } },
        events,
      )) !== null
    );
  }
}
