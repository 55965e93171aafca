import type { Cache, RateLimiter } from '@tip/platform';
import type { BffConfig } from '../config.js';
import { rateLimited } from './errors.js';

/**
 * Login and registration limits, counted in the cache port so that every BFF replica shares them. An account's
 * count is its failed logins since its last success; an address's count is every login it tried in the window
 * (a success there does not reset it, or one valid account would let an address spray guesses at all the others).
 */
export class RateLimits {
  private readonly loginByAddress: RateLimiter;
  private readonly loginByAccount: RateLimiter;
  private readonly registrationByAddress: RateLimiter;

  constructor(cache: Cache, config: BffConfig) {
    const loginWindowMs = config.LOGIN_LIMIT_WINDOW_SECONDS * 1000;
    this.loginByAddress = cache.rateLimiter({
      name: 'login-address',
      points: config.LOGIN_LIMIT_PER_ADDRESS,
      durationMs: loginWindowMs,
    });
    this.loginByAccount = cache.rateLimiter({
      name: 'login-account',
      points: config.LOGIN_LIMIT_PER_ACCOUNT,
      durationMs: loginWindowMs,
    });
    this.registrationByAddress = cache.rateLimiter({
      name: 'registration-address',
      points: config.REGISTER_LIMIT_PER_ADDRESS,
      durationMs: config.REGISTER_LIMIT_WINDOW_SECONDS * 1000,
    });
  }

  /** Counts a login attempt before it is tried; throws 429 when the address or the account is out of attempts. */
  async loginAttempt(address: string, email: string): Promise<void> {
    const [byAddress, byAccount] = await Promise.all([
      this.loginByAddress.consume(address),
      this.loginByAccount.consume(accountKey(email)),
    ]);
    if (!byAddress.allowed || !byAccount.allowed) {
      throw rateLimited(Math.max(byAddress.retryAfterMs, byAccount.retryAfterMs));
    }
  }

  /** A correct password clears the account's failures. */
  async loginSucceeded(email: string): Promise<void> {
    await this.loginByAccount.reset(accountKey(email));
  }

  async registrationAttempt(address: string): Promise<void> {
    const result = await this.registrationByAddress.consume(address);
    if (!result.allowed) throw rateLimited(result.retryAfterMs);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
