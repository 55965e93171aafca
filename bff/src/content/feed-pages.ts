import type { RequestHandler } from 'express';
import { BoundedMap } from '../lib/bounded-map.js';

export interface FeedPage {
  /** The JSON, encoded once: a page is sent many more times than it is rendered. */
  body: Buffer;
  nextCursor: string;
}

/**
 * Feed pages as this replica last rendered them, per member and query, stamped with a version that every change
 * to what feeds show moves on (a post published, decided, deleted, liked, commented or unlocked, a member's profile,
 * premium or blocks: the events this replica follows, and the writes it makes itself). A page is served again only
 * while its version is the current one, so a member never sees a page older than the last change this replica
 * knows of; the TTL bounds what a lost event could leave behind.
 */
export class FeedPages {
  private version = 0;
  private readonly pages: BoundedMap<string, FeedPage & { version: number }>;

  constructor(private readonly options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {
    this.pages = new BoundedMap(options.maxEntries ?? 10_000, options.now);
  }

  /** Something feeds show changed: every page rendered before is stale. */
  changed(): void {
    this.version++;
  }

  async get(key: string, render: () => Promise<FeedPage>): Promise<FeedPage> {
    const cached = this.pages.get(key);
    if (cached?.version === this.version) return cached;
    // The version before rendering: a change while rendering leaves this page stale, as it may be.
    const version = this.version;
    const page = await render();
    this.pages.set(key, { ...page, version }, (this.options.now ?? Date.now)() + (this.options.ttlMs ?? 30_000));
    return page;
  }
}

/**
 * Any write this replica answers successfully (a post, a like, a profile, a block...) may change what feeds show:
 * its pages go stale before the write's event comes back, so the writer's next page already shows it. Stale when
 * the write arrives (a page asked for while it runs, by a push it sent, is not kept past it) and again when it
 * succeeded (a page rendered while it ran is not kept either).
 */
export function staleFeedAfterWrites(pages: FeedPages): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      pages.changed();
      res.once('finish', () => {
        if (res.statusCode < 400) pages.changed();
      });
    }
    next();
  };
}
