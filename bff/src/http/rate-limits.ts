import { isIPv6 } from 'node:net';
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
      this.loginByAddress.consume(addressKey(address)),
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
    const result = await this.registrationByAddress.consume(addressKey(address));
    if (!result.allowed) throw rateLimited(result.retryAfterMs);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * One client, one counter. An IPv4-mapped address is its IPv4 address (a dual-stack server sees either form). An
 * IPv6 address counts by its /64: a subscriber is given a whole /64, so keying by the full address would hand anyone
 * 2^64 fresh counters.
 */
function addressKey(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped?.[1]) return mapped[1];
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return address;
  const [head = '', tail] = plain.split('::');
  // A dotted IPv4 tail ("64:ff9b::192.0.2.1") fills the last two groups.
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const left = groups(head);
  const right = groups(tail);
  const all = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
