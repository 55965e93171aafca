import { EventEmitter } from 'node:events';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../../logging/logger.js';
import type { Cache, RateLimiter } from '../../ports/cache.js';
import type { CacheEntry } from './cache-journal.js';
import { durationSeconds, RateLimiters, type RateLimitOptions } from './rate-limits.js';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The cache of one process, kept in memory only: values with TTLs in a Map, limiters in memory, pub/sub through an
 * EventEmitter. What stands in for Redis while it cannot be reached, and the tests' cache; the platform's embedded
 * cache is SqliteCache.
 */
export class MemoryCache implements Cache {
  readonly degraded = false;
  private readonly values = new Map<string, CacheEntry>();
  private readonly channels = new EventEmitter();
  private readonly limiters = new RateLimiters(
    ({ name, points, durationMs }) =>
      new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds(durationMs) }),
  );
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly logger?: Logger) {
    this.channels.setMaxListeners(0);
    // Expired values are dropped when read; the sweep keeps never-read ones from piling up.
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
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
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
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
    this.values.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(key);
  }
}
