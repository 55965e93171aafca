import {
  DuplicateKeyError,
  outboxIndex,
  withEvents,
  type BaseDocument,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type Filter,
  type GenderChange,
  type OutboxDocument,
  type Update,
} from '@tip/platform';
import type { FeedbackStatus, FeedbackType, ReportReason, ReportStatus } from '../domain/index.js';

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

/** A post as content's events tell it: its place in the approval queue, and whether it exists. */
export interface PostDocument extends OutboxDocument {
  _id: string;
  authorId: string;
  category: string;
  status: string;
  createdAt: string;
  deleted: boolean;
}

export interface ReportDocument extends OutboxDocument {
  _id: string;
  postId: string;
  /** Null once the reporter deleted the account. */
  reporterId: string | null;
  /** `<post>:<reporter>` while the report is open: the unique index allows one open report per member and post. */
  openKey?: string;
  reason: ReportReason;
  description: string;
  status: ReportStatus;
  adminNotes: string;
  reviewerId: string | null;
  createdAt: string;
  updatedAt: string;
}

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

/** One admin action, from the event that reported it (its id is the event's). */
export interface AuditDocument extends BaseDocument {
  _id: string;
  at: string;
  /** `at` then id: the order of the log and its cursor. */
  order: string;
  adminId: string;
  action: string;
  targetType: 'user' | 'post' | 'feedback';
  targetId: string;
  reason: string;
  detail: string;
}

/** A ledger account's entry count: its last sequence number (sequences have no gaps). */
export interface AccountDocument extends BaseDocument {
  _id: string;
  entries: number;
}

/** A card payment's amount, once per payment. */
export interface PaymentDocument extends BaseDocument {
  _id: string;
  amountCents: number;
  kind: 'credits' | 'premium';
}

/** Messages sent, one document each (by id, so a repeated event counts once); nothing about their content. */
export type MessageDocument = BaseDocument;

/** Collections are named apart from other services' (in the test stack they share one store). */
const PREFIX = 'moderation_';

type Outboxes = 'members' | 'posts' | 'reports' | 'feedback';

/** Moderation's collections on the documents port; writes that carry events wake the relays. */
export class ModerationStores {
  private readonly stored: Record<Outboxes, (id: string) => void> = {
    members: () => {},
    posts: () => {},
    reports: () => {},
    feedback: () => {},
  };

  private constructor(
    readonly members: Collection<MemberDocument>,
    readonly posts: Collection<PostDocument>,
    readonly reports: Collection<ReportDocument>,
    readonly feedback: Collection<FeedbackDocument>,
    readonly audit: Collection<AuditDocument>,
    readonly accounts: Collection<AccountDocument>,
    readonly payments: Collection<PaymentDocument>,
    readonly messages: Collection<MessageDocument>,
  ) {}

  static async open(store: DocumentStore): Promise<ModerationStores> {
    const collections = await Promise.all([
      store.collection<MemberDocument>(`${PREFIX}members`, [{ fields: { verificationStatus: 1 } }, outboxIndex]),
      store.collection<PostDocument>(`${PREFIX}posts`, [
        { fields: { status: 1 } },
        // A member's data export: the decisions about their posts.
        { fields: { authorId: 1 } },
        outboxIndex,
      ]),
      store.collection<ReportDocument>(`${PREFIX}reports`, [
        { fields: { postId: 1 } },
        { fields: { status: 1 } },
        { fields: { reporterId: 1 } },
        { fields: { openKey: 1 }, unique: true, sparse: true },
        outboxIndex,
      ]),
      store.collection<FeedbackDocument>(`${PREFIX}feedback`, [{ fields: { userId: 1 } }, outboxIndex]),
      store.collection<AuditDocument>(`${PREFIX}audit`, [
        { fields: { order: -1 } },
        { fields: { adminId: 1 } },
        { fields: { targetId: 1 } },
      ]),
      store.collection<AccountDocument>(`${PREFIX}ledger_accounts`),
      store.collection<PaymentDocument>(`${PREFIX}payments`),
      store.collection<MessageDocument>(`${PREFIX}messages`),
    ]);
    return new ModerationStores(...collections);
  }

  onStored(collection: Outboxes, notify: (id: string) => void): void {
    this.stored[collection] = notify;
  }

  /** Inserts a document carrying its events; false when its id (or a unique field) is taken. */
  async insert<K extends 'reports' | 'feedback'>(
    collection: K,
    document: ModerationStores[K] extends Collection<infer T> ? T : never,
    events: EventEnvelope[],
  ): Promise<boolean> {
    try {
      await (this[collection] as Collection<OutboxDocument>).insertOne({ ...document, _outbox: events });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
    this.stored[collection](document._id);
    return true;
  }

  /** Applies the update with its events to the document when it still matches `filter`; false otherwise. */
  async update(collection: Outboxes, id: string, filter: Filter, update: Update, events: EventEnvelope[]) {
    const updated = await (this[collection] as Collection<OutboxDocument>).updateOne(
      { _id: id, ...filter },
      withEvents(update, events),
    );
    if (updated) this.stored[collection](id);
    return updated !== null;
  }
}
