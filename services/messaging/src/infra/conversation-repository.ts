import {
  DuplicateKeyError,
  outboxIndex,
  OutboxRepository,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
} from '@tip/platform';

/** A pair's read state: each member has read everything sent to them up to `readUpTo[member]`. */
export interface ConversationDocument extends OutboxDocument {
  _id: string;
  participants: string[];
  readUpTo: Record<string, string>;
}

/** Conversations on the documents port; a read mark carries its MessagesRead (the outbox), which wakes the relay. */
export class ConversationRepository extends OutboxRepository<ConversationDocument> {
  private constructor(collection: Collection<ConversationDocument>) {
    super(collection);
  }

  static async open(store: DocumentStore): Promise<ConversationRepository> {
    const collection = await store.collection<ConversationDocument>('conversations', [
      { fields: { participants: 1 } },
      outboxIndex,
    ]);
    return new ConversationRepository(collection);
  }

  get(key: string): Promise<ConversationDocument | null> {
    return this.collection.findOne({ _id: key });
  }

  getMany(keys: string[]): Promise<ConversationDocument[]> {
    return keys.length > 0 ? this.collection.find({ _id: { $in: keys } }) : Promise.resolve([]);
  }

  /** The conversations the member takes part in. */
  of(userId: string): Promise<ConversationDocument[]> {
    return this.collection.find({ participants: userId });
  }

  /** The pair's read state, created empty on first use (two creators end with one); `created` when this call made it. */
  async open(key: string, participants: string[]): Promise<{ conversation: ConversationDocument; created: boolean }> {
    const found = await this.get(key);
    if (found) return { conversation: found, created: false };
    try {
      const created = { _id: key, participants, readUpTo: {} };
      await this.collection.insertOne(created);
      return { conversation: created, created: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return { conversation: (await this.get(key)) as ConversationDocument, created: false };
    }
  }

  /** The reader has read the conversation up to `readAt`, with its event. */
  async markRead(key: string, readerId: string, readAt: string, events: EventEnvelope[]): Promise<void> {
    await this.updateWithEvents(key, {}, { $set: { [`readUpTo.${readerId}`]: readAt } }, events);
  }
}
