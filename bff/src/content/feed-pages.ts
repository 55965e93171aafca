import { counter } from '@tip/platform';
import type { RequestHandler } from 'express';

/** Feed pages served from those kept (hit) or rendered afresh (miss). */
const pageLookups = counter('tip_feed_page_cache_total', 'Feed pages served kept (hit) or rendered (miss)', ['result']);

/**
 * One feed item encoded once for the pages kept: its JSON around its like count and the viewer's like, which are
 * merged in when served (`before`, the count, `between`, whether the viewer likes it, `after`).
 */
export interface EncodedItem {
  postId: string;
  likeCount: number;
  liked: boolean;
  before: string;
  between: string;
  after: string;
}

/** What rendering a page gives: its items, encoded, and the next page's cursor. */
export interface RenderedPage {
  items: EncodedItem[];
  nextCursor: string;
}

export interface ServedPage {
  body: Buffer;
  nextCursor: string;
}

/**
 * Content's Counts: the like counts of these posts as anyone sees them and, for a viewer, whether they like each (a
 * post that is gone is left out).
 */
export type FetchLikeCounts = (
  postIds: string[],
  viewerId?: string,
) => Promise<{ postId: string; likeCount: number; likedByViewer?: boolean }[]>;

/**
 * When each key (a member, a post) last changed, as a stamp of the pages' clock. Bounded: a key it no longer holds
 * counts as changed when the last one it let go did, which can only make a page look older than it is.
 */
class Changes {
  private readonly at = new Map<string, number>();
  private forgottenAt = 0;

  constructor(private readonly maxEntries: number) {}

  record(key: string, stamp: number): void {
    // Deleted first, so that the map's order stays the order of the stamps and the first key is the oldest change.
    this.at.delete(key);
    this.at.set(key, stamp);
    if (this.at.size <= this.maxEntries) return;
    const [oldest, oldestAt] = this.at.entries().next().value as [string, number];
    this.at.delete(oldest);
    this.forgottenAt = oldestAt;
  }

  lastChange(key: string): number {
    return this.at.get(key) ?? this.forgottenAt;
  }
}

interface KeptPage {
  key: string;
  viewerId: string;
  /** The clock when its render began: it shows every change stamped up to then. */
  renderedAt: number;
  expiresAt: number;
  nextCursor: string;
  /**
   * The JSON around the like counts and likes, two parts an item and one more: `[`...`"likeCount":`, count,
   * ...`"isLiked":`, like, ... `]`.
   */
  parts: Buffer[];
  /** Whose like count and like go after each pair of parts. */
  postIds: string[];
  /**
   * The viewer's like key of each post (`likeKey`), made once: a key concatenated anew at every check was hashed anew,
   * which cost the feed's live mix 6% of its CPU.
   */
  likeKeys: string[];
  /** Whether the viewer liked each post when the page was rendered. */
  renderedLikes: boolean[];
  /** The page as last served, and the like counts and likes in it. */
  body: Buffer;
  likeCounts: number[];
  likes: boolean[];
  /** The clock when `body` was last checked against the like counts known: unchanged since, it is served as it is. */
  checkedAt: number;
}

/**
 * Values read from content (a like count, a member's like), each with the clock when its read began: it is current
 * while no like was told of after that. Bounded: the least recently learned go first.
 */
class KnownValues<V> {
  private readonly values = new Map<string, { value: V; readAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): { value: V; readAt: number } | undefined {
    return this.values.get(key);
  }

  /** Keeps a value read at `readAt`, unless a later read gave one already; answers whether the one known moved. */
  learn(key: string, value: V, readAt: number): boolean {
    const known = this.values.get(key);
    if (known && known.readAt > readAt) return false;
    this.values.delete(key);
    this.values.set(key, { value, readAt });
    if (this.values.size > this.maxEntries) {
      const oldest = this.values.keys().next();
      if (!oldest.done) this.values.delete(oldest.value);
    }
    return known?.value !== value;
  }
}

const likeKey = (viewerId: string, postId: string) => `${viewerId}|${postId}`;

/**
 * Feed pages as this replica last rendered them, per member and query, kept while nothing they show changed, and
 * their like counts merged in when served, so that a like, the hottest write, refreshes a number instead of the
 * pages. What changes what:
 * - a member's own write but a like (a comment, an unlock, a post, a block...): that member's pages (`viewerChanged`);
 * - a comment: the pages showing its post (`postChanged`);
 * - a like: the post's like count, read again from content when a page showing it is served, one call for all the
 *   page's posts that need it, and the liker's like of it, read with the counts when a page of theirs is served
 *   (`likesChanged`): the hottest write refreshes numbers and a flag, never a page;
 * - anything else feeds show (a post published, decided or deleted, a member's profile, premium or blocks): every
 *   page (`changed`).
 * Changes are stamped on one clock, and a render or a read of counts remembers the clock when it began, so what was
 * read before a change told of meanwhile is never kept as current. The TTL bounds what a lost event could leave.
 */
export class FeedPages {
  private clock = 0;
  private everyPageChangedAt = 0;
  /** The last like told of on any post, or count learned: before it, a served page's counts are all as they were. */
  private countsChangedAt = 0;
  private readonly viewers: Changes;
  private readonly posts: Changes;
  private readonly likes: Changes;
  /** When each member's like of each post (`likeKey`) last changed, and the last time any did. */
  private readonly viewerLikes: Changes;
  private viewerLikesChangedAt = 0;
  private readonly knownLikes: KnownValues<boolean>;
  private readonly pages = new Map<string, KeptPage>();
  /** The keys of the pages kept that show each post. */
  private readonly pagesShowing = new Map<string, Set<string>>();
  private readonly likeCounts: KnownValues<number>;
  private readonly countReads = new Map<string, { readAt: number; done: Promise<void> }>();
  private readonly maxEntries: number;

  constructor(
    private readonly options: { likeCounts: FetchLikeCounts; maxEntries?: number; ttlMs?: number; now?: () => number },
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.viewers = new Changes(this.maxEntries);
    this.posts = new Changes(this.maxEntries);
    this.likes = new Changes(this.maxEntries);
    this.viewerLikes = new Changes(this.maxEntries);
    this.knownLikes = new KnownValues(this.maxEntries);
    this.likeCounts = new KnownValues(this.maxEntries);
  }

  /** Something every page may show changed. */
  changed(): void {
    this.everyPageChangedAt = ++this.clock;
  }

  /** Something only this member's pages show changed (what they unlocked or wrote). */
  viewerChanged(viewerId: string): void {
    this.viewers.record(viewerId, ++this.clock);
  }

  /** The post's comments changed: the pages showing it go. */
  postChanged(postId: string): void {
    this.posts.record(postId, ++this.clock);
    for (const key of this.pagesShowing.get(postId) ?? []) this.drop(key);
  }

  /**
   * The post's like count changed, by `likerId`'s like when known: the count is read again before a page showing the
   * post is served, and the liker's like before a page of theirs showing it is.
   */
  likesChanged(postId: string, likerId?: string): void {
    this.likes.record(postId, ++this.clock);
    this.countsChangedAt = this.clock;
    if (likerId === undefined) return;
    this.viewerLikes.record(likeKey(likerId, postId), this.clock);
    this.viewerLikesChangedAt = this.clock;
  }

  /** The page under `key` (one of `viewerId`'s), kept or rendered now, with the like counts known now. */
  async get(viewerId: string, key: string, render: () => Promise<RenderedPage>): Promise<ServedPage> {
    let page = this.pages.get(key);
    if (page && (page.expiresAt <= this.now() || !this.isCurrent(page))) {
      this.drop(key);
      page = undefined;
    }
    if (page) {
      // Most recently used last: the first page in the map is the one to let go when full.
      this.pages.delete(key);
      this.pages.set(key, page);
      pageLookups.inc({ result: 'hit' });
    } else {
      pageLookups.inc({ result: 'miss' });
      page = await this.render(viewerId, key, render);
    }
    if (page.checkedAt < this.countsChangedAt || page.checkedAt < this.viewerLikesChangedAt) {
      const checkedAt = this.clock;
      const staleCounts = page.postIds.filter((postId) => !this.countIsCurrent(postId));
      const staleLikes = page.postIds.filter((_, index) => !this.likeIsCurrent(page, index));
      if (staleLikes.length > 0) await this.readLikes(viewerId, [...new Set([...staleLikes, ...staleCounts])]);
      else if (staleCounts.length > 0) await this.readCounts(staleCounts);
      this.merge(page, checkedAt);
    }
    return page;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private isCurrent(page: KeptPage): boolean {
    return page.renderedAt >= this.everyPageChangedAt && page.renderedAt >= this.viewers.lastChange(page.viewerId);
  }

  private async render(viewerId: string, key: string, render: () => Promise<RenderedPage>): Promise<KeptPage> {
    const renderedAt = this.clock;
    const { items, nextCursor } = await render();
    const parts: Buffer[] = [];
    let text = '[';
    for (const [index, item] of items.entries()) {
      parts.push(Buffer.from(`${text}${index > 0 ? ',' : ''}${item.before}`), Buffer.from(item.between));
      text = item.after;
      this.learnCount(item.postId, item.likeCount, renderedAt);
    }
    parts.push(Buffer.from(`${text}]`));
    const likeCounts = items.map((item) => item.likeCount);
    const likes = items.map((item) => item.liked);
    const page: KeptPage = {
      key,
      viewerId,
      renderedAt,
      expiresAt: this.now() + (this.options.ttlMs ?? 30_000),
      nextCursor,
      parts,
      postIds: items.map((item) => item.postId),
      likeKeys: items.map((item) => likeKey(viewerId, item.postId)),
      renderedLikes: likes,
      body: assemble(parts, likeCounts, likes),
      likeCounts,
      likes,
      checkedAt: renderedAt,
    };
    // A comment told of while the page was rendered found it not kept yet: served once, as it may be, it is not
    // kept either. (The other changes, serving checks.)
    if (page.postIds.every((postId) => this.posts.lastChange(postId) <= renderedAt)) this.keep(page);
    return page;
  }

  private keep(page: KeptPage): void {
    this.drop(page.key);
    if (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.drop(oldest.value);
    }
    this.pages.set(page.key, page);
    for (const postId of page.postIds) {
      const keys = this.pagesShowing.get(postId) ?? new Set<string>();
      keys.add(page.key);
      this.pagesShowing.set(postId, keys);
    }
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    for (const postId of page.postIds) {
      const keys = this.pagesShowing.get(postId);
      keys?.delete(key);
      if (keys?.size === 0) this.pagesShowing.delete(postId);
    }
  }

  /** Assembles the page's body anew if one of its like counts or the viewer's likes moved since it was. */
  private merge(page: KeptPage, checkedAt: number): void {
    const likeCounts = page.postIds.map(
      (postId, index) => this.likeCounts.get(postId)?.value ?? page.likeCounts[index] ?? 0,
    );
    // A like read before the render is older than the one the render saw.
    const likes = page.likeKeys.map((key, index) => {
      const known = this.knownLikes.get(key);
      return known && known.readAt >= page.renderedAt ? known.value : (page.renderedLikes[index] ?? false);
    });
    const moved = (index: number) => likeCounts[index] !== page.likeCounts[index] || likes[index] !== page.likes[index];
    if (page.postIds.some((_, index) => moved(index))) {
      page.body = assemble(page.parts, likeCounts, likes);
      page.likeCounts = likeCounts;
      page.likes = likes;
    }
    page.checkedAt = checkedAt;
  }

  private countIsCurrent(postId: string): boolean {
    const known = this.likeCounts.get(postId);
    return known !== undefined && known.readAt >= this.likes.lastChange(postId);
  }

  /** Whether the page's viewer's like of the post is known as it is: not changed since the render or the last read. */
  private likeIsCurrent(page: KeptPage, index: number): boolean {
    const key = page.likeKeys[index] ?? '';
    const changedAt = this.viewerLikes.lastChange(key);
    if (changedAt <= page.renderedAt) return true;
    const known = this.knownLikes.get(key);
    return known !== undefined && known.readAt >= changedAt;
  }

  /**
   * One Counts call for the viewer: their likes of these posts and the posts' counts. Only a member's own like makes
   * it needed, so reads are not shared between pages as the counts' are.
   */
  private async readLikes(viewerId: string, postIds: string[]): Promise<void> {
    const readAt = this.clock;
    const answered = new Map((await this.options.likeCounts(postIds, viewerId)).map((post) => [post.postId, post]));
    for (const postId of postIds) {
      const key = likeKey(viewerId, postId);
      // A post that is gone keeps what it had: its deletion's event takes its pages away.
      const post = answered.get(postId);
      const likeCount = post?.likeCount ?? this.likeCounts.get(postId)?.value;
      if (likeCount !== undefined) this.learnCount(postId, likeCount, readAt);
      this.knownLikes.learn(key, post?.likedByViewer ?? this.knownLikes.get(key)?.value ?? false, readAt);
    }
  }

  /**
   * One Counts call for the posts no read under way will answer: a read begun before the post's last like would
   * answer what was before it.
   */
  private async readCounts(postIds: string[]): Promise<void> {
    const waiting: Promise<void>[] = [];
    const asking: string[] = [];
    for (const postId of postIds) {
      const underWay = this.countReads.get(postId);
      if (underWay && underWay.readAt >= this.likes.lastChange(postId)) waiting.push(underWay.done);
      else asking.push(postId);
    }
    if (asking.length > 0) {
      const readAt = this.clock;
      const done = this.options.likeCounts(asking).then((answered) => {
        const counts = new Map(answered.map((post) => [post.postId, post.likeCount]));
        // A post that is gone keeps the count it had: its deletion's event takes its pages away.
        for (const postId of asking) {
          const likeCount = counts.get(postId) ?? this.likeCounts.get(postId)?.value;
          if (likeCount !== undefined) this.learnCount(postId, likeCount, readAt);
        }
      });
      const read = { readAt, done };
      for (const postId of asking) this.countReads.set(postId, read);
      const finished = () => {
        for (const postId of asking) if (this.countReads.get(postId) === read) this.countReads.delete(postId);
      };
      done.then(finished, finished);
      waiting.push(done);
    }
    await Promise.all(waiting);
  }

  /** A count read at `readAt`: a page's served counts are checked again when one moved. */
  private learnCount(postId: string, likeCount: number, readAt: number): void {
    if (this.likeCounts.learn(postId, likeCount, readAt)) this.countsChangedAt = ++this.clock;
  }
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

function assemble(parts: Buffer[], likeCounts: number[], likes: boolean[]): Buffer {
  const pieces: Buffer[] = [];
  for (const [index, count] of likeCounts.entries()) {
    pieces.push(parts[2 * index] as Buffer, Buffer.from(String(count)), parts[2 * index + 1] as Buffer);
    pieces.push(likes[index] ? TRUE : FALSE);
  }
  pieces.push(parts[2 * likeCounts.length] as Buffer);
  return Buffer.concat(pieces);
}

/** The like route, as seen under /api. */
const LIKE_PATH = /^\/posts\/([^/]+)\/like$/;

/**
 * A write this replica answers (a comment, an unlock, a post, a block...) may change what its writer's feed shows:
 * their pages go stale before the write's event comes back, so their next page already shows it; a like changes
 * only the post's count and the writer's like of it, read again when a page showing it is served. Stale when the
 * write arrives (a page asked for while it runs, by a push it sent, is not kept past it) and again when it succeeded
 * (a page rendered while it ran is not kept either). Whom it changes besides the writer, the events say. The writer
 * is whom the session cookie names, unchecked against logouts: at worst a page is rendered again.
 */
export function staleFeedAfterWrites(
  pages: FeedPages,
  writerOf: (cookieHeader?: string) => string | null,
): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const writerId = writerOf(req.headers.cookie);
    if (writerId) {
      const likedPostId = LIKE_PATH.exec(req.path)?.[1];
      const stale = () =>
        likedPostId === undefined ? pages.viewerChanged(writerId) : pages.likesChanged(likedPostId, writerId);
      stale();
      res.once('finish', () => {
        if (res.statusCode < 400) stale();
      });
    }
    next();
  };
}
