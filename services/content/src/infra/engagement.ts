import { DuplicateKeyError, type Collection, type DocumentStore, type IndexSpec } from '@tip/platform';

export interface LikeDocument {
  /** `<post>:<member>`: one like per member and post, decided by the store's unique id. */
  _id: string;
  postId: string;
  userId: string;
  createdAt: string;
}

export interface CommentDocument {
  _id: string;
  postId: string;
  authorId: string;
  content: string;
  createdAt: string;
}

/** A paid right: an unlocked post (`<post>:<member>`) or a revealed Telegram handle (`<author>:<member>`). */
export interface PurchaseDocument {
  _id: string;
  userId: string;
  createdAt: string;
}

const byPost: IndexSpec[] = [{ fields: { postId: 1 } }];
const byMember: IndexSpec[] = [{ fields: { userId: 1 } }];

/** Likes, comments, unlocks and Telegram reveals on the documents port. */
export class Engagement {
  private constructor(
    readonly likes: Collection<LikeDocument>,
    readonly comments: Collection<CommentDocument>,
    readonly unlocks: Collection<PurchaseDocument>,
    readonly reveals: Collection<PurchaseDocument>,
  ) {}

  static async open(store: DocumentStore): Promise<Engagement> {
    const [likes, comments, unlocks, reveals] = await Promise.all([
      store.collection<LikeDocument>('likes', [...byPost, { fields: { userId: 1 } }]),
      store.collection<CommentDocument>('comments', [
        ...byPost,
        { fields: { authorId: 1 } },
        { fields: { createdAt: 1 } },
      ]),
      // By member: a member's data export lists what they paid for.
      store.collection<PurchaseDocument>('unlocks', byMember),
      store.collection<PurchaseDocument>('telegram_reveals', byMember),
    ]);
    return new Engagement(likes, comments, unlocks, reveals);
  }

  /**
   * Likes the post, or takes the like back when there is one: true when it is liked now. Concurrent toggles of one
   * member each either insert or delete the one document, so the count each changes by is exact.
   */
  async toggleLike(postId: string, userId: string): Promise<{ liked: boolean; changed: boolean }> {
    const _id = `${postId}:${userId}`;
    if (await this.likes.deleteOne({ _id })) return { liked: false, changed: true };
    try {
      await this.likes.insertOne({ _id, postId, userId, createdAt: new Date().toISOString() });
      return { liked: true, changed: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // Another toggle of the same member liked it meanwhile: liked, and that one counted it.
      return { liked: true, changed: false };
    }
  }

  async likedBy(userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const found = await this.likes.find({ _id: { $in: postIds.map((postId) => `${postId}:${userId}`) } });
    return new Set(found.map((like) => like.postId));
  }

  /** Records the member's unlock of a post once; true when this call recorded it. */
  grantUnlock(postId: string, userId: string): Promise<boolean> {
    return Engagement.grant(this.unlocks, unlockId(postId, userId), userId);
  }

  /** Records the member's reveal of an author's Telegram once; true when this call recorded it. */
  grantReveal(authorId: string, userId: string): Promise<boolean> {
    return Engagement.grant(this.reveals, revealId(authorId, userId), userId);
  }

  /** Records a paid right once; true when this call recorded it. */
  private static async grant(purchases: Collection<PurchaseDocument>, _id: string, userId: string): Promise<boolean> {
    try {
      await purchases.insertOne({ _id, userId, createdAt: new Date().toISOString() });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async unlockedBy(userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const found = await this.unlocks.find({ _id: { $in: postIds.map((postId) => unlockId(postId, userId)) } });
    return new Set(found.map((unlock) => unlock._id.slice(0, unlock._id.lastIndexOf(':'))));
  }

  /** The newest `count` comments of a post, oldest first, leaving out the authors in `hidden`. */
  async latestComments(postId: string, count: number, hidden: ReadonlySet<string>): Promise<CommentDocument[]> {
    const newest = await this.comments.find(commentsOf(postId, hidden), { sort: { createdAt: -1 }, limit: count });
    return newest.reverse();
  }

  async allComments(postId: string, hidden: ReadonlySet<string>): Promise<CommentDocument[]> {
    return this.comments.find(commentsOf(postId, hidden), { sort: { createdAt: 1 } });
  }

  async addComment(comment: CommentDocument): Promise<void> {
    await this.comments.insertOne(comment);
  }

  /** Takes a comment away: true when this call did (a concurrent erasure may have). */
  async removeComment(id: string): Promise<boolean> {
    return this.comments.deleteOne({ _id: id });
  }

  /** Takes a like away: true when this call did. */
  async removeLike(id: string): Promise<boolean> {
    return this.likes.deleteOne({ _id: id });
  }

  async hasRevealed(authorId: string, userId: string): Promise<boolean> {
    return (await this.reveals.findOne({ _id: revealId(authorId, userId) })) !== null;
  }

  /** What the member did, oldest first: their comments, likes, unlocks and Telegram reveals. */
  async of(userId: string) {
    const oldestFirst = { sort: { createdAt: 1 as const } };
    const [comments, likes, unlocks, reveals] = await Promise.all([
      this.comments.find({ authorId: userId }, oldestFirst),
      this.likes.find({ userId }, oldestFirst),
      this.unlocks.find({ userId }, oldestFirst),
      this.reveals.find({ userId }, oldestFirst),
    ]);
    return { comments, likes, unlocks, reveals };
  }
}

const commentsOf = (postId: string, hidden: ReadonlySet<string>) =>
  hidden.size > 0 ? { postId, authorId: { $nin: [...hidden] } } : { postId };

export const unlockId = (postId: string, userId: string) => `${postId}:${userId}`;
export const revealId = (authorId: string, userId: string) => `${authorId}:${userId}`;
