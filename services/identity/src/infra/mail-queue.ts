import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, IndexSpec } from '@tip/platform';
import type { OutgoingMail } from './mail-transport.js';

export const MAIL_QUEUE_COLLECTION = 'mail_queue';

/**
 * A mail waiting to go, rendered, until the transport took it: then it is deleted. `nextAttemptAt` (ms since the
 * epoch) is when it may be tried; a sender claims a mail by moving it to the end of its lease, so that two
 * processes never send it at once, and a process that died with it lets it come due again.
 */
export interface QueuedMail extends OutgoingMail {
  _id: string;
  /** Whose mail it is: their queued mails go with their account. */
  userId: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: string;
}

const MAIL_QUEUE_INDEXES: IndexSpec[] = [{ fields: { nextAttemptAt: 1 } }, { fields: { userId: 1 } }];

/** The durable queue of identity's mail, in its documents store. */
export class MailQueue {
  private enqueued: () => void = () => {};

  private constructor(private readonly collection: Collection<QueuedMail>) {}

  static async open(store: DocumentStore): Promise<MailQueue> {
    return new MailQueue(await store.collection<QueuedMail>(MAIL_QUEUE_COLLECTION, MAIL_QUEUE_INDEXES));
  }

  /** Who to wake when a mail is queued (the sender). */
  onEnqueued(wake: () => void): void {
    this.enqueued = wake;
  }

  async enqueue(userId: string, mail: OutgoingMail): Promise<void> {
    await this.collection.insertOne({
      _id: randomUUID(),
      userId,
      ...mail,
      attempts: 0,
      nextAttemptAt: Date.now(),
      createdAt: new Date().toISOString(),
    });
    this.enqueued();
  }

  /** Mails whose time has come, oldest due first. */
  due(now: number, limit: number): Promise<QueuedMail[]> {
    return this.collection.find({ nextAttemptAt: { $lte: now } }, { sort: { nextAttemptAt: 1 }, limit });
  }

  /** When the next mail comes due (a lease's end included), if any is queued. */
  async nextDueAt(): Promise<number | undefined> {
    const [next] = await this.collection.find({}, { sort: { nextAttemptAt: 1 }, limit: 1 });
    return next?.nextAttemptAt;
  }

  /** Takes the mail for this sender until `until`, unless another took it since it was read (then false). */
  async claim(mail: QueuedMail, until: number): Promise<boolean> {
    const claimed = await this.collection.updateOne(
      { _id: mail._id, nextAttemptAt: mail.nextAttemptAt },
      { $set: { nextAttemptAt: until } },
    );
    return claimed !== null;
  }

  async sent(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }

  async retryAt(id: string, attempts: number, at: number): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { attempts, nextAttemptAt: at } });
  }

  /** A deleted member's mails that had not gone yet. */
  async forget(userId: string): Promise<void> {
    await this.collection.deleteMany({ userId });
  }
}
