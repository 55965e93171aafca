import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiter } from '../../ports/cache.js';

export interface RateLimitOptions {
  name: string;
  points: number;
  durationMs: number;
}

/**
 * Limiters by name. A name is one counter however many times it is asked for (as it is in Redis, where the name
 * is the key prefix), so it must keep its points and duration.
 */
export class RateLimiters {
  private readonly byName = new Map<string, { options: RateLimitOptions; limiter: RateLimiter }>();

  constructor(private readonly create: (options: RateLimitOptions) => RateLimiterAbstract) {}

  get(options: RateLimitOptions): RateLimiter {
    const known = this.byName.get(options.name);
    if (known) {
      if (known.options.points !== options.points || known.options.durationMs !== options.durationMs) {
        throw new Error(`rate limiter ${options.name} already exists with other points or duration`);
      }
      return known.limiter;
    }
    const limiter = adapt(this.create(options));
    this.byName.set(options.name, { options, limiter });
    return limiter;
  }
}

function adapt(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key) {
      try {
        const counted = await limiter.consume(key);
        return { allowed: true, retryAfterMs: 0, consumed: counted.consumedPoints };
      } catch (rejection) {
        // rate-limiter-flexible rejects with a RateLimiterRes when out of points, with an Error when its store fails.
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterMs: rejection.msBeforeNext, consumed: rejection.consumedPoints };
        }
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** rate-limiter-flexible counts durations in seconds. */
export const durationSeconds = (durationMs: number) => durationMs / 1000;
