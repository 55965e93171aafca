import type { Filter } from '@tip/platform';

export interface CountCacheOptions {
  /** How long a count is kept at most: how long another process's writes may go unseen. */
  ttlMs?: number;
  /** Filters remembered at most (every search is one), oldest dropped first. */
  maxEntries?: number;
  now?: () => number;
}

/** A filter as a key; its regular expressions (searches) by their source and flags, which JSON would drop. */
const keyOf = (filter: Filter) =>
  JSON.stringify(filter, (_key, value: unknown) => (value instanceof RegExp ? value.toString() : value));

/**
 * Counts of one collection by filter. Counting reads every matching document (a search, every document), which the
 * admin console's pager asked for on each page. A count is kept until this process writes the collection
 * (`changed`, which also drops counts still being made, since they may have read the state before the write) or
 * its TTL passes. Concurrent requests for one filter share one count.
 */
export class CountCache {
  private readonly counts = new Map<string, { expires: number; total: Promise<number> }>();

  constructor(
    private readonly count: (filter: Filter) => Promise<number>,
    private readonly options: CountCacheOptions = {},
  ) {}

  get(filter: Filter): Promise<number> {
    const key = keyOf(filter);
    const now = (this.options.now ?? Date.now)();
    const kept = this.counts.get(key);
    if (kept && kept.expires > now) return kept.total;
    this.counts.delete(key);
    if (this.counts.size >= (this.options.maxEntries ?? 1000)) {
      const oldest = this.counts.keys().next().value;
      if (oldest !== undefined) this.counts.delete(oldest);
    }
    const entry = { expires: now + (this.options.ttlMs ?? 30_000), total: this.count(filter) };
    this.counts.set(key, entry);
    // A failed count is not kept (only this very entry: a newer one may have replaced it).
    entry.total.catch(() => {
      if (this.counts.get(key) === entry) this.counts.delete(key);
    });
    return entry.total;
  }

  /** The collection changed: every count may be wrong. */
  changed(): void {
    this.counts.clear();
  }
}
