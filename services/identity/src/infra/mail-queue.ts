import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, IndexSpec } from '@tip/platform';
import type { OutgoingMail } from './mail-transport.js';

export const MAIL_QUEUE_COLLECTION = 'mail_queue';
export const MAIL_SENT_COLLECTION = 'mail_sent';

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

/**
 * What the member's data export says of a mail sent to them: to which address, its subject and when. Never its body
 * or link, which carry one-time secrets.
 */
export interface SentMail {
  _id: string;
  userId: string;
  to: string;
  subject: string;
  sentAt: string;
}

const MAIL_QUEUE_INDEXES: IndexSpec[] = [{ fields: { nextAttemptAt: 1 } }, { fields: { userId: 1 } }];
const MAIL_SENT_INDEXES: IndexSpec[] = [{ fields: { userId: 1 } }];

/** The durable queue of identity's mail, in its documents store. */
export class MailQueue {
  private enqueued: () => void = () => {};

  private constructor(
    private readonly collection: Collection<QueuedMail>,
    private readonly sentMail: Collection<SentMail>,
  ) {}

  static async open(store: DocumentStore): Promise<MailQueue> {
    const [queued, sent] = await Promise.all([
      store.collection<QueuedMail>(MAIL_QUEUE_COLLECTION, MAIL_QUEUE_INDEXES),
      store.collection<SentMail>(MAIL_SENT_COLLECTION, MAIL_SENT_INDEXES),
    ]);
    return new MailQueue(queued, sent);
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

  /**
   * The transport took the mail: it leaves the queue, and a line of it stays for the member's export, unless the
   * account went meanwhile (its queued mails gone with it: then nothing of the mail is kept).
   */
  async sent(mail: QueuedMail): Promise<void> {
    const { _id, userId, to, subject } = mail;
    if (!(await this.collection.deleteOne({ _id }))) return;
    await this.sentMail.insertOne({ _id, userId, to, subject, sentAt: new Date().toISOString() });
  }

  /** The mails sent to the member, oldest first. */
  sentTo(userId: string): Promise<SentMail[]> {
    return this.sentMail.find({ userId }, { sort: { sentAt: 1 } });
  }

  async retryAt(id: string, attempts: number, at: number): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { attempts, nextAttemptAt: at } });
  }

  /** A deleted member's mails that had not gone yet, and the lines of those sent. */
  async forget(userId: string): Promise<void> {
    await Promise.all([this.collection.deleteMany({ userId }), this.sentMail.deleteMany({ userId })]);
  }
}
