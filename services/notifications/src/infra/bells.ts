import { outboxIndex, OutboxRepository, type Collection, type DocumentStore, type OutboxDocument } from '@tip/platform';
import { NotificationsChanged } from '../contract/index.js';
import { collectionName } from './collections.js';

/** A member's bell: their unread count as last counted, and the events that tell their pages (the outbox). */
export interface BellDocument extends OutboxDocument {
  /** The member's id. */
  _id: string;
  unread: number;
  /** Moves with every count: a count is written only over the one it followed. */
  seq: number;
}

/**
 * The members' bells. The unread count is counted, not kept by increments: after every change of a member's
 * notifications their unread entries are counted again (up to a cap, from an index: NotificationStore.countUnread)
 * and the result is written on the bell with the NotificationsChanged that tells their pages, over the bell's `seq`
 * read before counting. An increment kept beside the entries would be a second document written after the first, and
 * a crash between the two would leave it wrong for good; a count cannot drift, costs at most the cap's index entries,
 * and the seq makes the last count written one taken after every change before it. So the bell, which UnreadCount
 * reads without counting anything, and the member's last event both say the current count.
 */
export class Bells extends OutboxRepository<BellDocument> {
  private constructor(collection: Collection<BellDocument>) {
    super(collection);
  }

  static async open(store: DocumentStore): Promise<Bells> {
    return new Bells(await store.collection<BellDocument>(collectionName('bells'), [outboxIndex]));
  }

  /** The member's unread count as last counted; 0 for a member never notified. */
  async unread(userId: string): Promise<number> {
    return (await this.collection.findOne({ _id: userId }))?.unread ?? 0;
  }

  /**
   * Counts the member's unread notifications afresh and rings the bell with the count and the entries `changed`;
   * answers the count.
   */
  async ring(
    userId: string,
    countUnread: () => Promise<number>,
    changed: string[],
    correlationId: string,
  ): Promise<number> {
    for (;;) {
      const bell = await this.collection.findOne({ _id: userId });
      const unread = await countUnread();
      const events = [
        NotificationsChanged.create(userId, { userId, notificationIds: changed, unreadCount: unread }, correlationId),
      ];
      const rung = bell
        ? (await this.updateWithEvents(userId, { seq: bell.seq }, { $set: { unread, seq: bell.seq + 1 } }, events)) !==
          null
        : await this.insertWithEvents({ _id: userId, unread, seq: 1 }, events);
      if (rung) return unread;
    }
  }

  /** Erasure: the member's bell goes (their pages are closed with the account). */
  async remove(userId: string): Promise<void> {
    await this.collection.deleteOne({ _id: userId });
  }
}
