import type { Push } from './push.js';

/** How often, at most, every open feed on a replica is told that posts changed (and so refetches). */
const FEED_NEWS_WINDOW_MS = 1000;

/**
 * Tells every signed-in page on this replica that posts changed, at most once a window: the first change at once,
 * the ones that follow within the window together at its end. Every page refetches its feed on such news, so without
 * a window a busy community (a hundred likes a second) would have each open page refetch a hundred times a second;
 * with it, pushes and refetches stay at one a page a window, whatever the rate, and a change shows within a window.
 */
export class FeedNews {
  private readonly pending = new Set<string>();
  private window: NodeJS.Timeout | undefined;

  constructor(
    private readonly push: Pick<Push, 'toFeedHere'>,
    private readonly windowMs = FEED_NEWS_WINDOW_MS,
  ) {}

  /** `postId` was published, decided or deleted, or its likes or comments changed. */
  changed(postId: string): void {
    this.pending.add(postId);
    if (!this.window) this.tell();
  }

  /** Nothing more is told (the replica stops). */
  stop(): void {
    clearTimeout(this.window);
    this.window = undefined;
  }

  private tell(): void {
    this.window = undefined;
    if (this.pending.size === 0) return;
    this.push.toFeedHere({ type: 'feed_updated', postIds: [...this.pending] });
    this.pending.clear();
    this.window = setTimeout(() => this.tell(), this.windowMs);
    this.window.unref();
  }
}
