import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import type { Logger } from '../../logging/logger.js';
import type { Cache, RateLimiter } from '../../ports/cache.js';
import { keepingStatements } from '../sqlite/kept-statements.js';
import { keepCheckpointed, openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import { readCacheJournal, CACHE_JOURNAL_FILE } from './cache-journal.js';
import { durationSeconds, RateLimiters, type RateLimitOptions } from './rate-limits.js';

/** The file under `<dataDir>/cache/`. */
export const CACHE_FILE = 'cache.sqlite';
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The embedded cache: values with their time to live and the rate limits' counters in one SQLite database
 * (`<dataDir>/cache/cache.sqlite`, WAL), so that every process of the platform on the data directory (npm start's
 * workers) sees one revocation list and one count of attempts, as the BFF's replicas do in Redis, and a restart finds
 * them. A read is a point lookup on the key (microseconds, no write); limits count through rate-limiter-flexible's
 * SQLite store, one upsert per attempt. Publish and subscribe reach the subscribers of this process only: nothing of
 * the platform publishes through the cache without Redis (Socket.IO's workers talk through node:cluster instead).
 */
export class SqliteCache implements Cache {
  readonly degraded = false;
  private readonly channels = new EventEmitter();
  private readonly limiters: RateLimiters;
  private readonly statements: Record<'get' | 'set' | 'delete' | 'sweep' | 'sweepLimits', Statement>;
  private readonly sweeper: NodeJS.Timeout;
  private readonly stopCheckpoints: () => void;
  private closed = false;

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly logger: Logger | undefined,
  ) {
    db.exec(
      'CREATE TABLE IF NOT EXISTS cache_values (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER) WITHOUT ROWID',
    );
    this.statements = {
      get: db
        .prepare('SELECT value FROM cache_values WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)')
        .pluck(),
      set: db.prepare('INSERT OR REPLACE INTO cache_values (key, value, expires_at) VALUES (?, ?, ?)'),
      delete: db.prepare('DELETE FROM cache_values WHERE key = ?'),
      sweep: db.prepare('DELETE FROM cache_values WHERE expires_at <= ?'),
      sweepLimits: db.prepare('DELETE FROM rate_limits WHERE expire < ?'),
    };
    const limitsStore = keepingStatements(db);
    this.limiters = new RateLimiters(
      ({ name, points, durationMs }) =>
        new RateLimiterSQLite({
          storeClient: limitsStore,
          storeType: 'better-sqlite3',
          tableName: 'rate_limits',
          // The table is made with the values' (see open), so no limiter creates it asynchronously.
          tableCreated: true,
          // Expired counters go with the values' sweep: the library's own timer would outlive a closed database.
          clearExpiredByTimeout: false,
          keyPrefix: name,
          points,
          duration: durationSeconds(durationMs),
        }),
    );
    this.channels.setMaxListeners(0);
    // Expired values and counters are never answered; the sweep keeps them from piling up.
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
    this.stopCheckpoints = keepCheckpointed(db, (error) =>
      logger?.error({ err: error }, 'could not checkpoint the cache'),
    );
  }

  /**
   * Opens (creating) the cache under `<dataDir>/cache/`. Values an earlier version kept in `values.jsonl` (sessions
   * revoked, sign-in waits) are taken over once, then that file goes.
   */
  static async open(dataDir: string, options: { logger?: Logger } = {}): Promise<SqliteCache> {
    const directory = join(dataDir, 'cache');
    const db = openDatabase(join(directory, CACHE_FILE));
    db.exec(
      'CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)',
    );
    const cache = new SqliteCache(db, options.logger);
    const journal = join(directory, CACHE_JOURNAL_FILE);
    const earlier = await readCacheJournal(journal, options.logger);
    if (earlier.size > 0) {
      db.transaction(() => {
        for (const [key, { value, expiresAt }] of earlier) {
          cache.statements.set.run(key, value, expiresAt === Infinity ? null : expiresAt);
        }
      })();
    }
    await rm(journal, { force: true });
    return cache;
  }

  async get(key: string): Promise<string | null> {
    return (this.statements.get.get(key, Date.now()) as string | undefined) ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.statements.set.run(key, value, ttlMs === undefined ? null : Date.now() + ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.statements.delete.run(key);
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
    this.stopCheckpoints();
    this.channels.removeAllListeners();
    this.db.close();
  }

  private sweep(): void {
    try {
      const now = Date.now();
      this.statements.sweep.run(now);
      this.statements.sweepLimits.run(now);
    } catch (error) {
      this.logger?.error({ err: error }, 'could not sweep the cache');
    }
  }
}
