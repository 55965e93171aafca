import type { RequestHandler } from 'express';

/** One feed item encoded once for the pages kept: its JSON before and after its like count, merged in when served. */
export interface EncodedItem {
  postId: string;
  likeCount: number;
  before: string;
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

/** Content's Counts: the like counts of these posts as anyone sees them (a post that is gone is left out). */
export type FetchLikeCounts = (postIds: string[]) => Promise<{ postId: string; likeCount: number }[]>;

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
  /** The JSON around the like counts, one part more than there are counts: `[`...`"likeCount":`, count, ... `]`. */
  parts: Buffer[];
  /** Whose like count goes after each part but the last. */
  postIds: string[];
  /** The page as last served, and the like counts in it. */
  body: Buffer;
  likeCounts: number[];
  /** The clock when `body` was last checked against the like counts known: unchanged since, it is served as it is. */
  checkedAt: number;
}

interface KnownCount {
  likeCount: number;
  /** The clock when the read that gave it began: the count is current while no like was told of after that. */
  readAt: number;
}

/**
 * Feed pages as this replica last rendered them, per member and query, kept while nothing they show changed, and
 * their like counts merged in when served, so that a like, the hottest write, refreshes a number instead of the
 * pages. What changes what:
 * - a member's own write (a like, a comment, an unlock, a post, a block...): that member's pages (`viewerChanged`);
 * - a comment: the pages showing its post (`postChanged`);
 * - a like: the post's like count, read again from content when a page showing it is served, one call for all the
 *   page's posts that need it (`likesChanged`);
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
  private readonly pages = new Map<string, KeptPage>();
  /** The keys of the pages kept that show each post. */
  private readonly pagesShowing = new Map<string, Set<string>>();
  private readonly likeCounts = new Map<string, KnownCount>();
  private readonly countReads = new Map<string, { readAt: number; done: Promise<void> }>();
  private readonly maxEntries: number;

  constructor(
    private readonly options: { likeCounts: FetchLikeCounts; maxEntries?: number; ttlMs?: number; now?: () => number },
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.viewers = new Changes(this.maxEntries);
    this.posts = new Changes(this.maxEntries);
    this.likes = new Changes(this.maxEntries);
  }

  /** Something every page may show changed. */
  changed(): void {
    this.everyPageChangedAt = ++this.clock;
  }

  /** Something only this member's pages show changed (what they liked, unlocked, or wrote). */
  viewerChanged(viewerId: string): void {
    this.viewers.record(viewerId, ++this.clock);
  }

  /** The post's comments changed: the pages showing it go. */
  postChanged(postId: string): void {
    this.posts.record(postId, ++this.clock);
    for (const key of this.pagesShowing.get(postId) ?? []) this.drop(key);
  }

  /** The post's like count changed: it is read again before a page showing it is served. */
  likesChanged(postId: string): void {
    this.likes.record(postId, ++this.clock);
    this.countsChangedAt = this.clock;
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
    } else {
      page = await this.render(viewerId, key, render);
    }
    if (page.checkedAt < this.countsChangedAt) {
      const checkedAt = this.clock;
      const stale = page.postIds.filter((postId) => !this.countIsCurrent(postId));
      if (stale.length > 0) await this.readCounts(stale);
      this.mergeCounts(page, checkedAt);
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
      parts.push(Buffer.from(`${text}${index > 0 ? ',' : ''}${item.before}`));
      text = item.after;
      this.learnCount(item.postId, item.likeCount, renderedAt);
    }
    parts.push(Buffer.from(`${text}]`));
    const likeCounts = items.map((item) => item.likeCount);
    const page: KeptPage = {
      key,
      viewerId,
      renderedAt,
      expiresAt: this.now() + (this.options.ttlMs ?? 30_000),
      nextCursor,
      parts,
      postIds: items.map((item) => item.postId),
      body: assemble(parts, likeCounts),
      likeCounts,
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

  /** Assembles the page's body anew if one of its like counts moved since it was. */
  private mergeCounts(page: KeptPage, checkedAt: number): void {
    const likeCounts = page.postIds.map(
      (postId, index) => this.likeCounts.get(postId)?.likeCount ?? page.likeCounts[index] ?? 0,
    );
    if (likeCounts.some((count, index) => count !== page.likeCounts[index])) {
      page.body = assemble(page.parts, likeCounts);
      page.likeCounts = likeCounts;
    }
    page.checkedAt = checkedAt;
  }

  private countIsCurrent(postId: string): boolean {
    const known = this.likeCounts.get(postId);
    return known !== undefined && known.readAt >= this.likes.lastChange(postId);
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
          const likeCount = counts.get(postId) ?? this.likeCounts.get(postId)?.likeCount;
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

  /** A count read at `readAt`, kept unless a later read gave one already. */
  private learnCount(postId: string, likeCount: number, readAt: number): void {
    const known = this.likeCounts.get(postId);
    if (known && known.readAt > readAt) return;
    this.likeCounts.delete(postId);
    this.likeCounts.set(postId, { likeCount, readAt });
    if (this.likeCounts.size > this.maxEntries) {
      const oldest = this.likeCounts.keys().next();
      if (!oldest.done) this.likeCounts.delete(oldest.value);
    }
    if (known?.likeCount !== likeCount) this.countsChangedAt = ++this.clock;
  }
}

function assemble(parts: Buffer[], likeCounts: number[]): Buffer {
  const pieces: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    pieces.push(part);
    const count = likeCounts[index];
    if (count !== undefined) pieces.push(Buffer.from(String(count)));
  }
  return Buffer.concat(pieces);
}

/**
 * A write this replica answers (a like, a comment, an unlock, a post, a block...) may change what its writer's feed
 * shows: their pages go stale before the write's event comes back, so their next page already shows it. Stale when
 * the write arrives (a page asked for while it runs, by a push it sent, is not kept past it) and again when it
 * succeeded (a page rendered while it ran is not kept either). Whom it changes besides the writer, the events say.
 * The writer is whom the session cookie names, unchecked against logouts: at worst a page is rendered again.
 */
export function staleFeedAfterWrites(
  pages: FeedPages,
  writerOf: (cookieHeader?: string) => string | null,
): RequestHandler {
  return (req, res, next) => {
    const writerId = req.method !== 'GET' && req.method !== 'HEAD' ? writerOf(req.headers.cookie) : null;
    if (writerId) {
      pages.viewerChanged(writerId);
      res.once('finish', () => {
        if (res.statusCode < 400) pages.viewerChanged(writerId);
      });
    }
    next();
  };
}
