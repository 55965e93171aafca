import { isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';
import { counter, type Cache, type RateLimiter } from '@tip/platform';
import type { BffConfig } from '../config.js';
import type { Session } from '../session/sessions.js';
import { rateLimited, writesLimited } from './errors.js';

/** Requests the limits refused, by group (login, register, and each write group). */
const refusals = counter('tip_rate_limit_refusals_total', 'Requests refused by the abuse limits, by group', ['group']);
import { guard } from './handle.js';

/**
 * The groups of write routes that share a limit, each counted per member and per address in
 * WRITE_LIMIT_WINDOW_SECONDS (the README's table says which routes are in which group and why the numbers).
 */
export const WRITE_GROUPS = {
  /** POST /api/messages. */
  messages: ['MESSAGES_LIMIT_PER_MEMBER', 'MESSAGES_LIMIT_PER_ADDRESS'],
  /** The composer, and an author deleting a post. */
  posts: ['POSTS_LIMIT_PER_MEMBER', 'POSTS_LIMIT_PER_ADDRESS'],
  comments: ['COMMENTS_LIMIT_PER_MEMBER', 'COMMENTS_LIMIT_PER_ADDRESS'],
  /** Likes, premium unlocks, Telegram reveals. */
  likes: ['LIKES_LIMIT_PER_MEMBER', 'LIKES_LIMIT_PER_ADDRESS'],
  /** Post reports and feedback: what reaches the moderators. */
  reports: ['REPORTS_LIMIT_PER_MEMBER', 'REPORTS_LIMIT_PER_ADDRESS'],
  /** Checkout (payment intents, confirmations, demo cards) and testers' free credits. */
  payments: ['PAYMENTS_LIMIT_PER_MEMBER', 'PAYMENTS_LIMIT_PER_ADDRESS'],
  /** The own profile and photos, blocks, account deletion. */
  account: ['ACCOUNT_LIMIT_PER_MEMBER', 'ACCOUNT_LIMIT_PER_ADDRESS'],
  /** What pages send by themselves: online status, read marks, the demo-session cleanup. */
  status: ['STATUS_LIMIT_PER_MEMBER', 'STATUS_LIMIT_PER_ADDRESS'],
  /** Every write of the admin console. */
  admin: ['ADMIN_LIMIT_PER_MEMBER', 'ADMIN_LIMIT_PER_ADDRESS'],
} as const satisfies Record<string, readonly [keyof BffConfig, keyof BffConfig]>;
export type WriteGroup = keyof typeof WRITE_GROUPS;

/** The variables of every write limit, for test stacks and benches that write faster than people do. */
export const WRITE_LIMIT_VARIABLES: readonly (keyof BffConfig)[] = Object.values(WRITE_GROUPS).flat();

/** The points of a limiter used as a counter: it never refuses, only its count is read. */
const UNLIMITED = 1_000_000_000;
/** The first wait an account's failures beyond its limit impose, doubled by each further failure. */
const FIRST_WAIT_MS = 1000;

/**
 * Login, registration and write limits, counted in the cache port so that every BFF replica shares them.
 *
 * Logins: an address's count is every login it tried in the window (a success there does not reset it, or one valid
 * account would let an address spray guesses at all the others). An account is counted per address: its failed
 * logins from that address since its last success there, LOGIN_LIMIT_PER_ACCOUNT of them, refuse that address only,
 * so an attacker's guesses never lock the owner out from another address. Beyond that, the account's failures from
 * every address together slow down the addresses that failed on it: past LOGIN_LIMIT_PER_ACCOUNT of them in the
 * window, each further failure makes those addresses wait twice as long as the last (1 s, 2 s, 4 s..., at most the
 * window) before their next try, which leaves many addresses guessing together about one guess each. An address that
 * never failed on the account (the owner's, usually) is not made to wait. A success clears the account's failures.
 *
 * Writes: per member, then per address (a member refused by their own limit spends nothing of their address's).
 */
export class RateLimits {
  private readonly loginByAddress: RateLimiter;
  private readonly loginByAccountAndAddress: RateLimiter;
  private readonly loginFailuresByAccount: RateLimiter;
  private readonly loginWindowMs: number;
  private readonly registrationByAddress: RateLimiter;
  private readonly mailByAccount: RateLimiter;
  private readonly mailByAddress: RateLimiter;
  private readonly writes: Record<WriteGroup, { byMember: RateLimiter; byAddress: RateLimiter }>;

  constructor(
    private readonly cache: Cache,
    private readonly config: BffConfig,
  ) {
    this.loginWindowMs = config.LOGIN_LIMIT_WINDOW_SECONDS * 1000;
    this.loginByAddress = cache.rateLimiter({
      name: 'login-address',
      points: config.LOGIN_LIMIT_PER_ADDRESS,
      durationMs: this.loginWindowMs,
    });
    this.loginByAccountAndAddress = cache.rateLimiter({
      name: 'login-account-address',
      points: config.LOGIN_LIMIT_PER_ACCOUNT,
      durationMs: this.loginWindowMs,
    });
    this.loginFailuresByAccount = cache.rateLimiter({
      name: 'login-account-failures',
      points: UNLIMITED,
      durationMs: this.loginWindowMs,
    });
    this.registrationByAddress = cache.rateLimiter({
      name: 'registration-address',
      points: config.REGISTER_LIMIT_PER_ADDRESS,
      durationMs: config.REGISTER_LIMIT_WINDOW_SECONDS * 1000,
    });
    const mailWindowMs = config.MAIL_LIMIT_WINDOW_SECONDS * 1000;
    this.mailByAccount = cache.rateLimiter({
      name: 'mail-account',
      points: config.MAIL_LIMIT_PER_ACCOUNT,
      durationMs: mailWindowMs,
    });
    this.mailByAddress = cache.rateLimiter({
      name: 'mail-address',
      points: config.MAIL_LIMIT_PER_ADDRESS,
      durationMs: mailWindowMs,
    });
    const durationMs = config.WRITE_LIMIT_WINDOW_SECONDS * 1000;
    const limiters = (group: WriteGroup) => {
      const [perMember, perAddress] = WRITE_GROUPS[group];
      return {
        byMember: cache.rateLimiter({ name: `write-${group}-member`, points: config[perMember], durationMs }),
        byAddress: cache.rateLimiter({ name: `write-${group}-address`, points: config[perAddress], durationMs }),
      };
    };
    this.writes = Object.fromEntries(
      (Object.keys(WRITE_GROUPS) as WriteGroup[]).map((group) => [group, limiters(group)]),
    ) as RateLimits['writes'];
  }

  /**
   * Counts a login attempt before it is tried; throws 429 when the address is out of attempts, when it failed on
   * this account too often, or when the account's failures make the addresses that failed on it wait.
   */
  async loginAttempt(address: string, email: string): Promise<void> {
    const [byAddress, byPair] = await Promise.all([
      this.loginByAddress.consume(addressKey(address)),
      this.loginByAccountAndAddress.consume(pairKey(address, email)),
    ]);
    if (!byAddress.allowed || !byPair.allowed) {
      refusals.inc({ group: 'login' });
      throw rateLimited(Math.max(byAddress.retryAfterMs, byPair.retryAfterMs));
    }
    // This address tried the account before without success since (or is trying it right now, in parallel).
    if (byPair.consumed > 1) {
      const waitUntil = Number(await this.cache.get(waitKey(email)));
      const waitMs = waitUntil - Date.now();
      if (waitMs > 0) {
        refusals.inc({ group: 'login' });
        throw rateLimited(waitMs);
      }
    }
  }

  /** A wrong password: counts against the account, and past its limit makes the addresses that failed on it wait. */
  async loginFailed(email: string): Promise<void> {
    const { consumed } = await this.loginFailuresByAccount.consume(accountKey(email));
    const beyond = consumed - this.config.LOGIN_LIMIT_PER_ACCOUNT;
    if (beyond <= 0) return;
    const waitMs = Math.min(FIRST_WAIT_MS * 2 ** Math.min(beyond - 1, 40), this.loginWindowMs);
    await this.cache.set(waitKey(email), String(Date.now() + waitMs), waitMs);
  }

  /**
   * A correct password clears the account's failures and its wait: an owner who mistyped now and then is never
   * slowed by their own old typos. (An attacker's guesses start counting again after it; the owner signs in far too
   * seldom for that to buy them much.)
   */
  async loginSucceeded(address: string, email: string): Promise<void> {
    await Promise.all([
      this.loginByAccountAndAddress.reset(pairKey(address, email)),
      this.loginFailuresByAccount.reset(accountKey(email)),
      this.cache.delete(waitKey(email)),
    ]);
  }

  async registrationAttempt(address: string): Promise<void> {
    const result = await this.registrationByAddress.consume(addressKey(address));
    if (!result.allowed) {
      refusals.inc({ group: 'register' });
      throw rateLimited(result.retryAfterMs);
    }
  }

  /**
   * A mail asked for (a new confirmation code, a reset link), counted for the account it goes to (a member's id, or
   * the address typed) and for the client's address; 429 past either. An address nobody has counts the same, so the
   * limit tells nothing of which are known.
   */
  async mailAttempt(address: string, account: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([
      this.mailByAccount.consume(accountKey(account)),
      this.mailByAddress.consume(addressKey(address)),
    ]);
    if (!byAccount.allowed || !byAddress.allowed) {
      refusals.inc({ group: 'mail' });
      throw rateLimited(Math.max(byAccount.retryAfterMs, byAddress.retryAfterMs));
    }
  }

  /**
   * A confirmation code or a link's token tried: counted with the address's logins (LOGIN_LIMIT_PER_ADDRESS), since
   * each is a guess at a way in.
   */
  async secretAttempt(address: string): Promise<void> {
    const result = await this.loginByAddress.consume(addressKey(address));
    if (!result.allowed) {
      refusals.inc({ group: 'login' });
      throw rateLimited(result.retryAfterMs);
    }
  }

  /** Counts a write of the group by the member (null for a visitor) and their address; throws 429 past either limit. */
  async writeAttempt(group: WriteGroup, memberId: string | null, address: string): Promise<void> {
    const { byMember, byAddress } = this.writes[group];
    if (memberId !== null) {
      const mine = await byMember.consume(memberId);
      if (!mine.allowed) {
        refusals.inc({ group });
        throw writesLimited(mine.retryAfterMs);
      }
    }
    const shared = await byAddress.consume(addressKey(address));
    if (!shared.allowed) {
      refusals.inc({ group });
      throw writesLimited(shared.retryAfterMs);
    }
  }
}

/**
 * The write limit of a group as a route's middleware, after its session guard (a route without one counts its
 * address only); `forAdmins` counts an admin's requests in another group (an admin deleting posts from the feed is
 * working the console). Tagged with its group, so a test can check that every write route has one.
 */
export function writeLimit(
  limits: RateLimits,
  group: WriteGroup,
  forAdmins: WriteGroup = group,
): RequestHandler & { writeGroup: WriteGroup } {
  const check = guard(async (req, res) => {
    const user = (res.locals.session as Session | undefined)?.user;
    await limits.writeAttempt(user?.isAdmin ? forAdmins : group, user?.id ?? null, req.ip ?? '');
  });
  return Object.assign(check, { writeGroup: group });
}

const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (address: string, email: string) => `${accountKey(email)} ${addressKey(address)}`;
const waitKey = (email: string) => `login-wait:${accountKey(email)}`;

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
