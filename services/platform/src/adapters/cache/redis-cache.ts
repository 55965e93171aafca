import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../../logging/logger.js';
import type { Cache, RateLimiter } from '../../ports/cache.js';
import { durationSeconds, RateLimiters, type RateLimitOptions } from './rate-limits.js';

interface Channel {
  listeners: Set<(message: string) => void>;
  /** Resolves once Redis confirmed the subscription. */
  subscribed: Promise<unknown>;
}

/**
 * Redis through ioredis. Pub/sub runs on a second connection (a subscribing Redis connection can do nothing else),
 * opened on the first subscribe and shared by all channels.
 */
export class RedisCache implements Cache {
  private subscriber: Promise<Redis> | undefined;
  private readonly channels = new Map<string, Channel>();
  private readonly limiters = new RateLimiters(
    ({ name, points, durationMs }) =>
      new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `rate-limit:${name}`,
        points,
        duration: durationSeconds(durationMs),
      }),
  );
  private socketIo: { pub: Redis; sub: Redis } | undefined;
  private closed = false;

  private constructor(
    private readonly client: Redis,
    private readonly logger: Logger | undefined,
  ) {
    this.watch(client);
  }

  static async connect(url: string, options: { logger?: Logger } = {}): Promise<RedisCache> {
    const client = new Redis(url, { lazyConnect: true });
    await client.connect();
    return new RedisCache(client, options.logger);
  }

  async get(key: string): Promise<string | null> {
    return await this.client.get(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.client.set(key, value);
    else await this.client.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async delete(key: string): Promise<void> {
    await this.client.del(key);
  }

  rateLimiter(options: RateLimitOptions): RateLimiter {
    return this.limiters.get(options);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.client.publish(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    const subscriber = await this.subscriberConnection();
    let entry = this.channels.get(channel);
    if (!entry) {
      const created: Channel = { listeners: new Set(), subscribed: subscriber.subscribe(channel) };
      created.subscribed.catch(() => {
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
      this.channels.set(channel, created);
      entry = created;
    }
    const listener = (message: string) => onMessage(message);
    entry.listeners.add(listener);
    await entry.subscribed;
    const subscribedEntry = entry;
    return async () => {
      subscribedEntry.listeners.delete(listener);
      if (subscribedEntry.listeners.size > 0 || this.channels.get(channel) !== subscribedEntry) return;
      this.channels.delete(channel);
      if (!this.closed) await subscriber.unsubscribe(channel);
    };
  }

  /**
   * The two connections @socket.io/redis-adapter needs (its sub client goes into subscriber mode), opened on first
   * use and closed with the cache. Not part of the port: the BFF asks for it when its cache is a RedisCache.
   */
  socketIoClients(): { pub: Redis; sub: Redis } {
    if (this.closed) throw new Error('the cache is closed');
    this.socketIo ??= { pub: this.client.duplicate(), sub: this.client.duplicate() };
    return this.socketIo;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const connections = [this.client];
    const subscriber = await this.subscriber?.catch(() => undefined);
    if (subscriber) connections.push(subscriber);
    if (this.socketIo) connections.push(this.socketIo.pub, this.socketIo.sub);
    // quit() lets pending replies arrive; a connection that is down cannot answer it and is just dropped.
    await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private subscriberConnection(): Promise<Redis> {
    if (this.closed) return Promise.reject(new Error('the cache is closed'));
    this.subscriber ??= (async () => {
      const subscriber = this.watch(this.client.duplicate({ lazyConnect: true }));
      subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
      await subscriber.connect();
      return subscriber;
    })();
    return this.subscriber;
  }

  /** ioredis reconnects by itself; its connection errors are worth a log line, not an unhandled 'error' event. */
  private watch(connection: Redis): Redis {
    connection.on('error', (error: Error) => this.logger?.warn({ err: error }, 'redis connection error'));
    return connection;
  }

  private dispatch(channel: string, message: string): void {
    for (const listener of this.channels.get(channel)?.listeners ?? []) {
      try {
        listener(message);
      } catch (error) {
        this.logger?.error({ err: error, channel }, 'a subscriber failed on a message');
      }
    }
  }
}
