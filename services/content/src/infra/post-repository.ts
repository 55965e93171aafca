import {
  DomainError,
  OUTBOX_FIELD,
  outboxIndex,
  withEvents,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type Filter,
  type IndexSpec,
  type PagePosition,
  type Update,
  newestFirst,
  olderThan,
  type EventsStored,
} from '@tip/platform';
import type { Category } from '../domain/index.js';
import type { CommentDocument } from './engagement.js';

export const POSTS_COLLECTION = 'posts';

/** `processing`: its video is with the media worker; only its author sees it, as processing. */
export type PostStatus = 'processing' | 'pending' | 'approved' | 'rejected';

export interface StoredMedia {
  kind: 'image' | 'video';
  /** Changes with the media, so that its URLs can be cached for good. */
  version: string;
  /** The video's container type (video/mp4; video/webm before videos were processed); images are served as WebP. */
  videoType?: string;
  /** How long the video plays, in seconds (videos processed since issue 24). */
  seconds?: number;
}

export interface PostDocument {
  _id: string;
  authorId: string;
  content: string;
  category: Category;
  isPremium: boolean;
  creditCost: number;
  showProfileData: boolean;
  showTelegramUsername: boolean;
  status: PostStatus;
  /** While `processing`: the status it takes once its media is ready (waiting for a moderator, or published). */
  publishAs?: 'pending' | 'approved';
  /** What the author uploaded, from its bytes, while the media worker has it and once it refused it. */
  uploadKind?: 'image' | 'video';
  rejectionReason?: string;
  /** Why the media worker refused its upload: a key of content's catalogue. */
  mediaProblem?: string;
  createdAt: string;
  media?: StoredMedia;
  likeCount: number;
  commentCount: number;
  /**
   * Copies of the post's newest comments, so that a feed page reads them with its posts instead of asking for each
   * post's comments: every comment newer than the oldest one kept is here (a comment erased with its member leaves
   * fewer). Absent on a post never commented, and on one commented before posts kept them until the start-up
   * backfill reaches it.
   */
  recentComments?: CommentDocument[];
  /** How many members paid to see it whole. */
  unlockCount?: number;
  /** A deleted post stays as a tombstone without content, so that its PostDeleted event still goes out. */
  deleted?: boolean;
  [OUTBOX_FIELD]?: EventEnvelope[];
}

const POST_INDEXES: IndexSpec[] = [
  { fields: { status: 1 } },
  { fields: { authorId: 1 } },
  { fields: { createdAt: -1 } },
  // The feed's page: published posts in its order, so that a page reads its own posts and stops. With `status` and
  // `createdAt` apart, SQLite picked the status index and sorted every published post for each page.
  { fields: { status: 1, createdAt: -1, _id: -1 } },
  outboxIndex,
];

/**
 * How many comments a post keeps copies of: the feed shows the newest 3, and the rest stand in for those a viewer
 * does not see (their writers are blocked), so that a block seldom sends a page back to the comments collection.
 */
export const RECENT_COMMENTS_KEPT = 6;

/** Posts on the documents port; every change carries its events in the same write (the outbox). */
export class PostRepository {
  private eventsStored: EventsStored = () => {};

  private constructor(readonly collection: Collection<PostDocument>) {}

  static async open(store: DocumentStore): Promise<PostRepository> {
    return new PostRepository(await store.collection<PostDocument>(POSTS_COLLECTION, POST_INDEXES));
  }

  onEventsStored(notify: EventsStored): void {
    this.eventsStored = notify;
  }

  async insert(post: PostDocument, events: EventEnvelope[]): Promise<void> {
    await this.collection.insertOne({ ...post, [OUTBOX_FIELD]: events });
    this.eventsStored(post._id, events);
  }

  /** The live post, or NOT_FOUND. */
  async get(id: string): Promise<PostDocument> {
    const post = await this.collection.findOne({ _id: id, deleted: { $ne: true } });
    if (!post) throw new DomainError('NOT_FOUND', 'content.postNotFound');
    return post;
  }

  /** The live posts among these ids (a post that is gone is left out). */
  getMany(ids: string[]): Promise<PostDocument[]> {
    return this.collection.find({ _id: { $in: ids }, deleted: { $ne: true } });
  }

  /** The member's live posts, oldest first. */
  byAuthor(authorId: string): Promise<PostDocument[]> {
    return this.collection.find({ authorId, deleted: { $ne: true } }, { sort: { createdAt: 1 } });
  }

  /** Erasure: the copies of a member's comments kept on posts go, whatever became of the comments themselves. */
  async dropCommentCopiesBy(authorId: string): Promise<void> {
    await this.collection.updateMany(
      { 'recentComments.authorId': authorId },
      { $pull: { recentComments: { authorId } } },
    );
  }

  /** Applies the update to the live post if `filter` still holds; null when it does not (or the post is gone). */
  async update(id: string, filter: Filter, update: Update, events: EventEnvelope[] = []): Promise<PostDocument | null> {
    const updated = await this.collection.updateOne(
      { _id: id, deleted: { $ne: true }, ...filter },
      events.length > 0 ? withEvents(update, events) : update,
    );
    if (updated && events.length > 0) this.eventsStored(id, events);
    return updated;
  }

  /**
   * Counts a new comment (already in the comments collection) and keeps its copy among the post's newest, then lets
   * the oldest copies go once there are more than RECENT_COMMENTS_KEPT. The port's $push has no $slice, so the
   * trimming is a second write: a $pull of what is older than the newest kept, which a concurrent comment's own
   * trimming can only agree with (copies only ever get newer).
   */
  async addComment(comment: CommentDocument, events: EventEnvelope[]): Promise<void> {
    const counted = await this.update(
      comment.postId,
      {},
      { $inc: { commentCount: 1 }, $push: { recentComments: comment } },
      events,
    );
    const kept = (counted?.recentComments ?? []).map((copy) => copy.createdAt).sort();
    if (kept.length <= RECENT_COMMENTS_KEPT) return;
    const oldestKept = kept[kept.length - RECENT_COMMENTS_KEPT];
    await this.collection.updateOne(
      { _id: comment.postId },
      { $pull: { recentComments: { createdAt: { $lt: oldestKept } } } },
    );
  }

  /**
   * A comment is gone (its member was erased): the count goes down and its copy with it, in one write, so no copy
   * of it stays behind on the post.
   */
  async removeComment(comment: CommentDocument, events: EventEnvelope[]): Promise<void> {
    await this.update(
      comment.postId,
      {},
      { $inc: { commentCount: -1 }, $pull: { recentComments: { _id: comment._id } } },
      events,
    );
  }

  /**
   * One page of what a viewer's feed shows: approved posts, and the viewer's own processing, waiting or rejected
   * ones, newest first, after `cursor`, without the authors in `hidden` (blocks, both ways).
   */
  async page(options: {
    viewerId: string;
    category?: Category;
    cursor?: PagePosition;
    limit: number;
    hidden: string[];
  }): Promise<PostDocument[]> {
    const { viewerId, category, cursor, limit, hidden } = options;
    const scope: Filter = { deleted: { $ne: true }, ...(category ? { category } : {}) };
    const before: Filter = cursor ? olderThan('createdAt', cursor) : {};
    const order = { sort: newestFirst('createdAt'), limit };
    const [published, own] = await Promise.all([
      this.collection.find(
        { ...scope, ...before, status: 'approved', ...(hidden.length > 0 ? { authorId: { $nin: hidden } } : {}) },
        order,
      ),
      this.collection.find(
        { ...scope, ...before, authorId: viewerId, status: { $in: ['processing', 'pending', 'rejected'] } },
        order,
      ),
    ]);
    return [...published, ...own]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
      .slice(0, limit);
  }
}
