import { insertOnce, type BaseDocument, type DocumentStore, type Collection, type Filter } from '@tip/platform';
import { collectionName } from './repository.js';

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

/** Which entries a page of the log shows: by admin, by target, after a cursor (each left out or empty for any). */
export interface AuditQuery {
  adminId?: string;
  targetId?: string;
  /** The cursor of the previous page. */
  before?: string;
}

/** The audit log: every admin action of every service, newest first. */
export class AuditLog {
  private constructor(private readonly entries: Collection<AuditDocument>) {}

  static async open(store: DocumentStore): Promise<AuditLog> {
    const entries = await store.collection<AuditDocument>(collectionName('audit'), [
      { fields: { order: -1 } },
      { fields: { adminId: 1 } },
      { fields: { targetId: 1 } },
    ]);
    return new AuditLog(entries);
  }

  /** Records an action unless its entry (its event's id) is there already: a repeated event writes nothing. */
  async record(entry: Omit<AuditDocument, 'order'>): Promise<void> {
    await insertOnce(this.entries, { ...entry, order: `${entry.at}|${entry._id}` });
  }

  /** Up to `limit` entries, newest first, and the cursor of the next page ('' on the last). */
  async page(query: AuditQuery, limit: number): Promise<{ entries: AuditDocument[]; nextCursor: string }> {
    const filter: Filter = {};
    if (query.adminId) filter.adminId = query.adminId;
    if (query.targetId) filter.targetId = query.targetId;
    if (query.before) filter.order = { $lt: query.before };
    const found = await this.entries.find(filter, { sort: { order: -1 }, limit: limit + 1 });
    const entries = found.slice(0, limit);
    return { entries, nextCursor: found.length > limit ? (entries.at(-1)?.order ?? '') : '' };
  }

  /** What admins did about the member. */
  aboutMember(userId: string): Promise<AuditDocument[]> {
    return this.entries.find({ targetType: 'user', targetId: userId });
  }

  /** What admins did about these posts. */
  async aboutPosts(postIds: string[]): Promise<AuditDocument[]> {
    return postIds.length > 0 ? this.entries.find({ targetType: 'post', targetId: { $in: postIds } }) : [];
  }

  /** What the admin did. */
  takenBy(adminId: string): Promise<AuditDocument[]> {
    return this.entries.find({ adminId });
  }
}
