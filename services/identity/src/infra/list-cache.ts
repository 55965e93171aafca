export interface ListCacheOptions {
  /** How long an answer is kept at most: how long another process's writes may go unseen. */
  ttlMs?: number;
  /** Queries remembered at most (every search is one), oldest dropped first. */
  maxEntries?: number;
  now?: () => number;
}

/** A query as a key; its regular expressions (searches) by their source and flags, which JSON would drop. */
const keyOf = (query: object) =>
  JSON.stringify(query, (_key, value: unknown) => (value instanceof RegExp ? value.toString() : value));

/**
 * Answers about one collection's lists (a filter's count, the ids of one of its pages), by query. Each read every
 * matching document (a search, or a page far down the list, every document), which the admin console's pager asked
 * for on each page. An answer is kept until this process writes the collection (`changed`, which also drops
 * answers still being made, since they may have read the state before the write) or its TTL passes. Concurrent
 * requests for one query share one answer.
 */
export class ListCache<Q extends object, V> {
  private readonly answers = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly answer: (query: Q) => Promise<V>,
    private readonly options: ListCacheOptions = {},
  ) {}

  get(query: Q): Promise<V> {
    const key = keyOf(query);
    const now = (this.options.now ?? Date.now)();
    const kept = this.answers.get(key);
    if (kept && kept.expires > now) return kept.value;
    this.answers.delete(key);
    if (this.answers.size >= (this.options.maxEntries ?? 1000)) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    const entry = { expires: now + (this.options.ttlMs ?? 30_000), value: this.answer(query) };
    this.answers.set(key, entry);
    // A failed answer is not kept (only this very entry: a newer one may have replaced it).
    entry.value.catch(() => {
      if (this.answers.get(key) === entry) this.answers.delete(key);
    });
    return entry.value;
  }

  /** The collection changed: every answer may be wrong. */
  changed(): void {
    this.answers.clear();
  }
}
