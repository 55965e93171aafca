import { randomUUID } from 'node:crypto';
import {
  DuplicateKeyError,
  insertOnce,
  newestFirst,
  olderThan,
  type Collection,
  type DocumentStore,
  type Filter,
  type PagePosition,
} from '@tip/platform';
import {
  gather,
  withoutActor,
  withoutItem,
  POST_KINDS,
  type Gathered,
  type NotificationKind,
} from '../domain/index.js';
import { collectionName } from './collections.js';

/** One notification of a member: an event, or the events it gathered while unread. */
export interface NotificationDocument extends Gathered {
  _id: string;
  userId: string;
  kind: NotificationKind;
  /** What it is about: a post, a conversation, or one of SUBJECTS. */
  subject: string;
  read: boolean;
  readAt?: string;
  /** Its group's key (groupKey) while it is unread and gathers; unique, so a member has one unread entry per group. */
  group?: string;
  /** The post it is about; for a message, the anonymous post its conversation goes through. */
  postId?: string;
  /** Its actor is the author of an anonymous post, whom the member is not told. */
  anonymous?: boolean;
  /** A rejection's reasons. */
  reason?: string;
  credits?: number;
  months?: number;
  createdAt: string;
  /** Moves with every write: a change is written over the version it was worked out from. */
  version: number;
}

/** What is fixed when an entry is made: whom it tells, of what, about what. */
export type NotificationOrigin = Pick<
  NotificationDocument,
  'userId' | 'kind' | 'subject' | 'postId' | 'anonymous' | 'reason' | 'credits' | 'months'
>;

/** An entry that changed, and whose it is. */
export interface Changed {
  userId: string;
  id: string;
}

/** The unread entries come off their groups with every mark, and a mark moves their version. */
const markedRead = (readAt: string) => ({
  $set: { read: true, readAt },
  $unset: { group: '' },
  $inc: { version: 1 },
});

/** The members' notifications on the documents port. */
export class NotificationStore {
  private constructor(private readonly entries: Collection<NotificationDocument>) {}

  static async open(store: DocumentStore): Promise<NotificationStore> {
    const entries = await store.collection<NotificationDocument>(collectionName('entries'), [
      // A member's list, newest first, a page after the cursor: one index range however long their history.
      { fields: { userId: 1, updatedAt: -1, _id: -1 } },
      // Their unread ones, counted up to a cap and marked read from the index.
      { fields: { userId: 1, read: 1, updatedAt: -1 } },
      { fields: { group: 1 }, unique: true, sparse: true },
      // What is about a post (its deletion) or a conversation (its reading).
      { fields: { subject: 1 } },
    ]);
    return new NotificationStore(entries);
  }

  /** An entry of its own for a kind that does not gather; `id` is the event's, so a repeated event adds nothing. */
  async add(id: string, origin: NotificationOrigin, at: string): Promise<string> {
    await insertOnce(this.entries, {
      _id: id,
      ...origin,
      ...gather(null, { kind: origin.kind, actorId: null, at }),
      read: false,
      createdAt: at,
      version: 0,
    });
    return id;
  }

  /**
   * Gathers an event into the member's unread entry of `group`, or makes it (grouping.ts): written over the version
   * read, so concurrent events about one post each land, and two first events make one entry. Answers its id.
   */
  async gather(
    group: string,
    origin: NotificationOrigin,
    event: { actorId: string | null; item?: string; at: string },
  ) {
    const happened = { kind: origin.kind, ...event };
    for (;;) {
      const existing = await this.entries.findOne({ group });
      if (existing) {
        const gathered = gather(existing, happened);
        const written = await this.entries.updateOne(
          { _id: existing._id, version: existing.version },
          { $set: { ...gathered, version: existing.version + 1 } },
        );
        if (written) return existing._id;
        continue;
      }
      const made: NotificationDocument = {
        _id: randomUUID(),
        ...origin,
        ...gather(null, happened),
        read: false,
        group,
        createdAt: event.at,
        version: 0,
      };
      try {
        await this.entries.insertOne(made);
        return made._id;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  /** The member's unread entry of `group` without that actor (a like taken back); the entry changed, if one did. */
  async withdraw(group: string, actorId: string): Promise<Changed | null> {
    const [changed] = await this.takeOut({ group }, actorId);
    return changed ?? null;
  }

  /**
   * Takes the actor out of the matching entries that name them (a block, an erasure), dropping those left without
   * anyone (grouping.ts); answers the entries changed.
   */
  async takeOut(filter: Filter, actorId: string): Promise<Changed[]> {
    const changed: Changed[] = [];
    for (const found of await this.entries.find({ ...filter, actors: actorId })) {
      if (await this.rewrite(found, (entry) => withoutActor(entry, found.kind, actorId)))
        changed.push({ userId: found.userId, id: found._id });
    }
    return changed;
  }

  /** The unread summary of `group` without an item that no longer waits (grouping.ts); the entry, if it changed. */
  async withdrawItem(group: string, item: string): Promise<Changed | null> {
    const found = await this.entries.findOne({ group, items: item });
    // Once read in the meantime, it is what the admin saw: it stays as it was.
    const changed = found && (await this.rewrite(found, (entry) => (entry.read ? entry : withoutItem(entry, item))));
    return changed ? { userId: found.userId, id: found._id } : null;
  }

  /**
   * Writes what `change` makes of the entry (the same entry: nothing; null: it goes) over the version read; on a
   * race, reads it again (it may have gone, or changed already). Answers whether it was written.
   */
  private async rewrite(found: NotificationDocument, change: (entry: NotificationDocument) => Gathered | null) {
    let entry: NotificationDocument | null = found;
    while (entry) {
      const rest = change(entry);
      if (rest === entry) return false;
      const current = { _id: entry._id, version: entry.version };
      const done = rest
        ? (await this.entries.updateOne(current, { $set: { ...rest, version: entry.version + 1 } })) !== null
        : await this.entries.deleteOne(current);
      if (done) return true;
      entry = await this.entries.findOne({ _id: entry._id });
    }
    return false;
  }

  /** Marks the member's unread entries read: those of `ids`, or all of them; answers how many were unread. */
  markRead(userId: string, ids: string[] | 'all', readAt: string): Promise<number> {
    const which = ids === 'all' ? {} : { _id: { $in: ids } };
    return this.entries.updateMany({ userId, read: false, ...which }, markedRead(readAt));
  }

  /** The unread entry of `group` is read (its member saw what it is about); answers its id, if there was one. */
  async readGroup(group: string, readAt: string): Promise<string | null> {
    const read = await this.entries.updateOne({ group }, markedRead(readAt));
    return read?._id ?? null;
  }

  /**
   * How many of the member's entries are unread, counting no further than `cap`: at most `cap` entries of the index,
   * whatever the member's history.
   */
  countUnread(userId: string, cap: number): Promise<number> {
    return this.entries.count({ userId, read: false }, { limit: cap });
  }

  /** Up to `limit` of the member's entries, the most recently updated first, after `after` (a page's last). */
  page(userId: string, after: PagePosition | null, limit: number) {
    const before: Filter = after ? olderThan('updatedAt', after) : {};
    return this.entries.find({ userId, ...before }, { sort: newestFirst('updatedAt'), limit });
  }

  /** The post is gone: what is about it goes too; answers the entries that went. */
  async removeAboutPost(postId: string): Promise<Changed[]> {
    const about = { subject: postId, kind: { $in: POST_KINDS } };
    const found = await this.entries.find(about);
    if (found.length > 0) await this.entries.deleteMany(about);
    return found.map((entry) => ({ userId: entry.userId, id: entry._id }));
  }

  /** The entry, as it is now; null once gone. */
  get(id: string): Promise<NotificationDocument | null> {
    return this.entries.findOne({ _id: id });
  }

  /** Everything the member was told, for their export. */
  ofMember(userId: string): Promise<NotificationDocument[]> {
    return this.entries.find({ userId }, { sort: { updatedAt: -1, _id: -1 } });
  }

  /** Erasure: the member's notifications go. */
  async removeOf(userId: string): Promise<void> {
    await this.entries.deleteMany({ userId });
  }
}
