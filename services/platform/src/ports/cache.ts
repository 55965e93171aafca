import type { Redis } from 'ioredis';

/** The cache / pub-sub port: presence, rate limits, session revocation, and fan-out across BFF replicas. */
export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the next attempt is allowed (0 when allowed). */
  retryAfterMs: number;
  /** Attempts counted for the key in its current window, this one included (refused ones too). */
  consumed: number;
}

export interface RateLimiter {
  /** Counts one attempt for the key. */
  consume(key: string): Promise<RateLimitResult>;
  /** Forgets the key's attempts (after a successful login, say). */
  reset(key: string): Promise<void>;
}

export interface Cache {
  /** True while a shared store cannot be reached and this process answers in its place (see RedisCache). */
  readonly degraded: boolean;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  rateLimiter(options: { name: string; points: number; durationMs: number }): RateLimiter;
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; the returned function unsubscribes. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Where the cache is Redis: the two connections @socket.io/redis-adapter needs to carry Socket.IO's broadcasts
   * across BFF replicas (its sub client goes into subscriber mode), opened on first use and closed with the cache.
   */
  socketIoClients?(): { pub: Redis; sub: Redis };
  close(): Promise<void>;
}
