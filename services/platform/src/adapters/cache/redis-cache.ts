import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../../logging/logger.js';
import type { Cache, RateLimiter } from '../../ports/cache.js';
import { MemoryCache } from './memory-cache.js';
import { durationSeconds, RateLimiters, type RateLimitOptions } from './rate-limits.js';

/**
 * How long a command may wait for Redis before this process answers in its place: a request makes a cache call or
 * two, and must still answer within a second when Redis hangs rather than refuses.
 */
const COMMAND_TIMEOUT_MS = 300;
/** The longest pause between reconnection attempts (ioredis's default is 2 s): Redis back is Redis used at once. */
const MAX_RECONNECT_DELAY_MS = 250;

interface Channel {
  listeners: Set<(message: string) => void>;
  /** Resolves once Redis confirmed the subscription. */
  subscribed: Promise<unknown>;
}

/**
 * Redis through ioredis. Pub/sub runs on a second connection (a subscribing Redis connection can do nothing else),
 * opened on the first subscribe and shared by all channels.
 *
 * While Redis cannot be reached the cache degrades rather than waits: commands fail at once (no offline queue, no
 * retries, a short timeout) and this process answers in Redis's place: values written meanwhile are kept here (and
 * read here first until they expire), rate limits count here, and a publish reaches this process's subscribers.
 * ioredis reconnects by itself, and from then on Redis answers again. What other replicas wrote before the outage
 * is unknown meanwhile (a logout there among it): the price of answering at all.
 */
export class RedisCache implements Cache {
  private subscriber: Promise<Redis> | undefined;
  private readonly channels = new Map<string, Channel>();
  private readonly here = new MemoryCache();
  private readonly limiters = new RateLimiters(({ name, points, durationMs }) => {
    const limit = { points, duration: durationSeconds(durationMs), keyPrefix: `rate-limit:${name}` };
    return new RateLimiterRedis({
      ...limit,
      storeClient: this.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(limit),
    });
  });
  private socketIo: { pub: Redis; sub: Redis } | undefined;
  private closed = false;

  private constructor(
    private readonly client: Redis,
    private readonly logger: Logger | undefined,
  ) {
    this.watch(client);
    // 'close' comes again with every failed reconnection attempt (four a second): an outage is told once.
    let reachable = true;
    client.on('close', () => {
      if (!reachable || this.closed) return;
      reachable = false;
      this.logger?.warn('redis is unreachable: this process stands in for it until it is back');
    });
    client.on('ready', () => {
      if (reachable) return;
      reachable = true;
      this.logger?.info('redis is reachable again');
    });
  }

  static async connect(url: string, options: { logger?: Logger } = {}): Promise<RedisCache> {
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    });
    // The first commands (AUTH, the ready check) run while the process is still loading: on a busy machine its event
    // loop may not read their answers within a request's timeout, and a failed connect here stops the process. The
    // timeout is for requests, so it holds from when the connection is ready (ioredis reads it at each command).
    await client.connect();
    client.options.commandTimeout = COMMAND_TIMEOUT_MS;
    return new RedisCache(client, options.logger);
  }

  get degraded(): boolean {
    return this.client.status !== 'ready';
  }

  async get(key: string): Promise<string | null> {
    const keptHere = await this.here.get(key);
    if (keptHere !== null) return keptHere;
    return this.orHere(
      () => this.client.get(key),
      () => null,
    );
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.orHere(
      async () => {
        if (ttlMs === undefined) await this.client.set(key, value);
        else await this.client.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
      },
      () => this.here.set(key, value, ttlMs),
    );
  }

  async delete(key: string): Promise<void> {
    await this.here.delete(key);
    await this.orHere(
      async () => void (await this.client.del(key)),
      () => undefined,
    );
  }

  rateLimiter(options: RateLimitOptions): RateLimiter {
    return this.limiters.get(options);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.orHere(
      async () => void (await this.client.publish(channel, message)),
      () => this.dispatch(channel, message),
    );
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

  socketIoClients(): { pub: Redis; sub: Redis } {
    if (this.closed) throw new Error('the cache is closed');
    // The publisher queues what is broadcast while it first connects; later, while Redis is away, a publish fails
    // at the next reconnection attempt at the latest (maxRetriesPerRequest 0).
    this.socketIo ??= {
      pub: this.quietPublisher(this.watch(this.client.duplicate({ enableOfflineQueue: true }))),
      sub: this.subscriberClient(),
    };
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
    await this.here.close();
  }

  /** Redis's answer; when Redis cannot give one, this process's. */
  private async orHere<T>(inRedis: () => Promise<T>, here: () => T | Promise<T>): Promise<T> {
    try {
      return await inRedis();
    } catch (error) {
      if (this.closed) throw error;
      return await here();
    }
  }

  private subscriberConnection(): Promise<Redis> {
    if (this.closed) return Promise.reject(new Error('the cache is closed'));
    this.subscriber ??= (async () => {
      const subscriber = this.subscriberClient({ lazyConnect: true });
      subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
      await subscriber.connect();
      return subscriber;
    })();
    return this.subscriber;
  }

  /**
   * A subscriber's commands wait for the connection instead (no command timeout on a connection that only listens):
   * a subscription asked for while Redis is away is made when it returns, and ioredis renews them all on reconnect.
   */
  private subscriberClient(options: { lazyConnect?: boolean } = {}): Redis {
    return this.watch(
      this.client.duplicate({
        ...options,
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
        commandTimeout: undefined,
      }),
    );
  }

  /**
   * The Socket.IO adapter publishes without awaiting (a broadcast reaches this replica's sockets either way): a
   * publish that fails while Redis is away is logged here instead of becoming an unhandled rejection.
   */
  private quietPublisher(pub: Redis): Redis {
    const publish = pub.publish.bind(pub);
    pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
      publish(channel, message).catch((error: unknown) => {
        this.logger?.debug({ err: error }, 'a broadcast did not reach the other replicas');
        return 0;
      })) as Redis['publish'];
    return pub;
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
