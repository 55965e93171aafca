import { DomainError, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition, IdentityUserOutput } from '@tip/identity/contract';
import { BoundedMap } from '../lib/bounded-map.js';
import { SESSION_MAX_AGE_SECONDS } from './session-tokens.js';

export interface UserCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * Signed-in users as identity shows them to themselves, kept in memory for the session check. Identity's events
 * keep entries fresh (`invalidate`, `drop`); a miss asks identity. The TTL bounds staleness should an event be late.
 */
export class UserCache {
  private readonly users: BoundedMap<string, IdentityUserOutput>;
  /** Deleted accounts: their sessions are dead even where a token is still valid. */
  private readonly deleted: BoundedMap<string, true>;
  private readonly loading = new Map<string, Promise<IdentityUserOutput | null>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped by every event, so that a lookup racing an event does not store what the event superseded. */
  private epoch = 0;

  constructor(
    private readonly identity: Pick<ServiceClient<IdentityDefinition>, 'GetUser'>,
    options: UserCacheOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.users = new BoundedMap(options.maxEntries ?? 50_000, this.now);
    this.deleted = new BoundedMap(options.maxEntries ?? 50_000, this.now);
  }

  /** The user, or null when the account does not exist (any more). */
  get(userId: string): Promise<IdentityUserOutput | null> {
    if (this.deleted.has(userId)) return Promise.resolve(null);
    const cached = this.users.get(userId);
    if (cached) return Promise.resolve(cached);
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  /** The user as identity just answered it to its owner (after login or an update). */
  remember(user: IdentityUserOutput): void {
    if (!this.deleted.has(user.id)) this.users.set(user.id, user, this.now() + this.ttlMs);
  }

  /** The user changed (ProfileUpdated): the next lookup asks identity. */
  invalidate(userId: string): void {
    this.epoch++;
    this.users.delete(userId);
  }

  /** The account is gone (UserDeleted). */
  drop(userId: string): void {
    this.epoch++;
    this.users.delete(userId);
    this.deleted.set(userId, true, this.now() + SESSION_MAX_AGE_SECONDS * 1000);
  }

  private async load(userId: string): Promise<IdentityUserOutput | null> {
    const epoch = this.epoch;
    let user: IdentityUserOutput;
    try {
      user = await this.identity.GetUser({ userId, viewerId: userId });
    } catch (error) {
      // A deleted user (GONE) has no session either.
      if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'GONE')) return null;
      throw error;
    }
    if (epoch === this.epoch) this.users.set(userId, user, this.now() + this.ttlMs);
    return user;
  }
}
