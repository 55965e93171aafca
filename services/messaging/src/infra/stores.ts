import {
  DuplicateKeyError,
  outboxIndex,
  withEvents,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type Filter,
  type OutboxDocument,
  type Update,
} from '@tip/platform';

/** A member as messaging knows them from identity's events: what a conversation shows, and who may write. */
export interface MemberDocument {
  _id: string;
  username: string | null;
  profileImageUrl: string | null;
  verificationStatus: string;
  isAdmin: boolean;
}

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

/** A pair's read state: each member has read everything sent to them up to `readUpTo[member]`. */
export interface ConversationDocument extends OutboxDocument {
  _id: string;
  participants: string[];
  readUpTo: Record<string, string>;
}

/** Messaging's collections on the documents port; writes that carry events wake the relays. */
export class MessagingStores {
  private messagesStored: (id: string) => void = () => {};
  private conversationsStored: (id: string) => void = () => {};

  private constructor(
    readonly members: Collection<MemberDocument>,
    readonly messages: Collection<MessageDocument>,
    readonly conversations: Collection<ConversationDocument>,
  ) {}

  static async open(store: DocumentStore): Promise<MessagingStores> {
    const [members, messages, conversations] = await Promise.all([
      store.collection<MemberDocument>('members'),
      store.collection<MessageDocument>('messages', [
        // A thread's pages and a conversation's newest message, newest first: one index range, whatever the history.
        { fields: { conversation: 1, createdAt: -1 } },
        // A conversation's unread messages for a member, counted from the index alone (and a member's export).
        { fields: { recipientId: 1, conversation: 1, status: 1, createdAt: 1 } },
        { fields: { senderId: 1 } },
        outboxIndex,
      ]),
      store.collection<ConversationDocument>('conversations', [{ fields: { participants: 1 } }, outboxIndex]),
    ]);
    return new MessagingStores(members, messages, conversations);
  }

  onMessagesStored(notify: (id: string) => void): void {
    this.messagesStored = notify;
  }

  onConversationsStored(notify: (id: string) => void): void {
    this.conversationsStored = notify;
  }

  /** Stores a pending message; false when one with this id exists already. */
  async insertPending(message: MessageDocument): Promise<boolean> {
    try {
      await this.messages.insertOne(message);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Sends a pending message with its event, once: null when it is not pending (any more). */
  async markSent(id: string, events: EventEnvelope[]): Promise<MessageDocument | null> {
    const sent = await this.messages.updateOne(
      { _id: id, status: 'pending' },
      withEvents({ $set: { status: 'sent' } }, events),
    );
    if (sent) this.messagesStored(id);
    return sent;
  }

  /** The pair's read state, created empty on first use (two creators end with one). */
  async conversation(key: string, participants: string[]): Promise<ConversationDocument> {
    const found = await this.conversations.findOne({ _id: key });
    if (found) return found;
    try {
      const created = { _id: key, participants, readUpTo: {} };
      await this.conversations.insertOne(created);
      return created;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return (await this.conversations.findOne({ _id: key })) as ConversationDocument;
    }
  }

  async updateConversation(key: string, filter: Filter, update: Update, events: EventEnvelope[]): Promise<boolean> {
    const updated = await this.conversations.updateOne({ _id: key, ...filter }, withEvents(update, events));
    if (updated) this.conversationsStored(key);
    return updated !== null;
  }
}
