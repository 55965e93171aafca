import {
  DuplicateKeyError,
  outboxIndex,
  OutboxRepository,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
  type PagePosition,
  newestFirst,
  olderThan,
} from '@tip/platform';

/** A message: pending (prepared, not yet paid) or sent. Its id is the client's. */
export interface MessageDocument extends OutboxDocument {
  _id: string;
  conversation: string;
  senderId: string;
  recipientId: string;
  content: string;
  status: 'pending' | 'sent';
  createdAt: string;
  /** In a conversation through an anonymous post: the post, and its author, whom the other member is not told. */
  postId?: string;
  postAuthorId?: string;
}

/** Messages on the documents port; a message sent carries its MessageSent (the outbox), which wakes the relay. */
export class MessageRepository extends OutboxRepository<MessageDocument> {
  private constructor(collection: Collection<MessageDocument>) {
    super(collection);
  }

  static async open(store: DocumentStore): Promise<MessageRepository> {
    const collection = await store.collection<MessageDocument>('messages', [
      // A thread's pages and a conversation's newest message, newest first: one index range, whatever the history.
      { fields: { conversation: 1, createdAt: -1 } },
      // A conversation's unread messages for a member, counted from the index alone (and a member's export).
      { fields: { recipientId: 1, conversation: 1, status: 1, createdAt: 1 } },
      { fields: { senderId: 1 } },
      outboxIndex,
    ]);
    return new MessageRepository(collection);
  }

  get(id: string): Promise<MessageDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  /** The message, while it waits for its debit. */
  pending(id: string): Promise<MessageDocument | null> {
    return this.collection.findOne({ _id: id, status: 'pending' });
  }

  /** Stores a pending message; false when one with this id exists already. */
  async insertPending(message: MessageDocument): Promise<boolean> {
    try {
      await this.collection.insertOne(message);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Sends a pending message with its event, once: null when it is not pending (any more). */
  markSent(id: string, events: EventEnvelope[]): Promise<MessageDocument | null> {
    return this.updateWithEvents(id, { status: 'pending' }, { $set: { status: 'sent' } }, events);
  }

  /** Drops the sender's message while it is pending (its debit was refused); a sent one stays. */
  async dropPending(id: string, senderId: string): Promise<void> {
    await this.collection.deleteOne({ _id: id, senderId, status: 'pending' });
  }

  /** Whether `senderId` sent anything in the conversation. */
  async hasSent(conversation: string, senderId: string): Promise<boolean> {
    return (await this.collection.findOne({ conversation, senderId, status: 'sent' })) !== null;
  }

  /** The conversation's newest sent message; null while it has none. */
  async newest(conversation: string): Promise<MessageDocument | null> {
    const [last] = await this.collection.find({ conversation, status: 'sent' }, { sort: { createdAt: -1 }, limit: 1 });
    return last ?? null;
  }

  /** The newest message sent to `recipientId` in the conversation; null while there is none. */
  async latestTo(conversation: string, recipientId: string): Promise<MessageDocument | null> {
    const [last] = await this.collection.find(
      { conversation, recipientId, status: 'sent' },
      { sort: newestFirst('createdAt'), limit: 1 },
    );
    return last ?? null;
  }

  /** Any sent message of the conversation: through an anonymous post, each names the post's author. */
  anySent(conversation: string): Promise<MessageDocument | null> {
    return this.collection.findOne({ conversation, status: 'sent' });
  }

  /** How many messages sent to `recipientId` in the conversation came after `after` (all, without it). */
  countSentTo(conversation: string, recipientId: string, after?: string): Promise<number> {
    return this.collection.count({
      conversation,
      recipientId,
      status: 'sent',
      ...(after === undefined ? {} : { createdAt: { $gt: after } }),
    });
  }

  /**
   * A page of the conversation, newest first, after `after` (the oldest message of the previous page) when given;
   * `postAuthorId` keeps it to a conversation through that author's anonymous post.
   */
  page(conversation: string, options: { after?: PagePosition; postAuthorId?: string; limit: number }) {
    const { after, postAuthorId, limit } = options;
    return this.collection.find(
      {
        conversation,
        status: 'sent',
        ...(postAuthorId ? { postAuthorId } : {}),
        ...(after ? olderThan('createdAt', after) : {}),
      },
      { sort: newestFirst('createdAt'), limit },
    );
  }

  /** Sent messages a page at a time in id order, after `after`: for passes over the whole history. */
  sentAfter(after: string, limit: number): Promise<MessageDocument[]> {
    return this.collection.find({ _id: { $gt: after }, status: 'sent' }, { sort: { _id: 1 }, limit });
  }

  /** The member's messages: all they wrote (pending ones too) and those sent to them. */
  async ofMember(userId: string): Promise<MessageDocument[]> {
    const [sent, received] = await Promise.all([
      this.collection.find({ senderId: userId }),
      this.collection.find({ recipientId: userId, status: 'sent' }),
    ]);
    return [...sent, ...received];
  }

  /** Erasure: the messages the member wrote go; the other side's stay. */
  async removeWrittenBy(userId: string): Promise<void> {
    await this.collection.deleteMany({ senderId: userId });
  }
}
