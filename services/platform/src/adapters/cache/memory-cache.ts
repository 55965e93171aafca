import { EventEmitter } from 'node:events';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../../logging/logger.js';
import type { Cache, RateLimiter } from '../../ports/cache.js';
import { CacheJournal, type CacheEntry } from './cache-journal.js';
import { durationSeconds, RateLimiters, type RateLimitOptions } from './rate-limits.js';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The cache of one process: values with TTLs in a Map, limiters in memory, pub/sub through an EventEmitter. Opened
 * on a data directory (`MemoryCache.open`, as the platform does) its values also survive a restart; rate-limit
 * counters and subscriptions never do.
 */
export class MemoryCache implements Cache {
  readonly degraded = false;
  private readonly values: Map<string, CacheEntry>;
  private readonly channels = new EventEmitter();
  private readonly limiters = new RateLimiters(
    ({ name, points, durationMs }) =>
      new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds(durationMs) }),
  );
  private readonly sweeper: NodeJS.Timeout;
  private readonly journal: CacheJournal | undefined;
  private closed = false;

  constructor(
    private readonly logger?: Logger,
    persisted?: { journal: CacheJournal; values: Map<string, CacheEntry> },
  ) {
    this.values = persisted?.values ?? new Map();
    this.journal = persisted?.journal;
    this.channels.setMaxListeners(0);
    // Expired values are dropped when read; the sweep keeps never-read ones from piling up.
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  /** A cache whose values are kept under `<dataDir>/cache/` (see CacheJournal). */
  static async open(dataDir: string, options: { logger?: Logger } = {}): Promise<MemoryCache> {
    return new MemoryCache(options.logger, await CacheJournal.open(dataDir, options.logger));
  }

  async get(key: string): Promise<string | null> {
    const entry = this.values.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.values.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const entry = { value, expiresAt: ttlMs === undefined ? Infinity : Date.now() + ttlMs };
    this.values.set(key, entry);
    await this.journal?.record(key, entry, this.values);
  }

  async delete(key: string): Promise<void> {
    if (this.values.delete(key)) await this.journal?.record(key, null, this.values);
  }

  rateLimiter(options: RateLimitOptions): RateLimiter {
    return this.limiters.get(options);
  }

  async publish(channel: string, message: string): Promise<void> {
    // Delivered after publish returns, as a broker would: a subscriber never runs inside the publisher's call.
    for (const listener of this.channels.listeners(channel) as ((message: string) => void)[]) {
      queueMicrotask(() => {
        try {
          listener(message);
        } catch (error) {
          this.logger?.error({ err: error, channel }, 'a subscriber failed on a message');
        }
      });
    }
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    const listener = (message: string) => onMessage(message);
    this.channels.on(channel, listener);
    return async () => {
      this.channels.off(channel, listener);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    this.channels.removeAllListeners();
    await this.journal?.close(this.values);
    this.values.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(key);
  }
}
