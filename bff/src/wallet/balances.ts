import type { ServiceClient } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import { BoundedMap } from '../lib/bounded-map.js';

/**
 * Members' credit balances as the wallet last told this replica, for the current user's JSON and the admin console's
 * lists. The ledger's events keep entries fresh (`update`); a miss asks the wallet, several misses in one call. The
 * TTL bounds staleness should an event be late.
 */
export class Balances {
  private readonly balances: BoundedMap<string, number>;
  private readonly loading = new Map<string, Promise<number>>();
  /** Bumped by every event, so that a lookup racing an event does not store what the event superseded. */
  private epoch = 0;

  constructor(
    private readonly wallet: Pick<ServiceClient<WalletDefinition>, 'Balance' | 'Balances'>,
    private readonly options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.balances = new BoundedMap(options.maxEntries ?? 50_000, options.now);
  }

  get(userId: string): Promise<number> {
    const cached = this.balances.get(userId);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  /**
   * Several members' balances, by member: those this replica does not know in one call to the wallet (a page of 25
   * users asked one by one was 25 calls). A member already being looked up is waited for, not asked again.
   */
  async getMany(userIds: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(userIds)];
    const missing = unique.filter((userId) => this.balances.get(userId) === undefined && !this.loading.has(userId));
    if (missing.length > 0) {
      const batch = this.loadMany(missing);
      for (const userId of missing) {
        const pending = batch.then((loaded) => loaded.get(userId) ?? 0).finally(() => this.loading.delete(userId));
        this.loading.set(userId, pending);
      }
    }
    const balances = await Promise.all(unique.map((userId) => this.get(userId)));
    return new Map(unique.map((userId, index) => [userId, balances[index] ?? 0]));
  }

  /** The balance an entry left (a ledger event, or a wallet call's answer). */
  update(userId: string, balance: number): void {
    this.epoch++;
    this.balances.set(userId, balance, this.expiry());
  }

  private async load(userId: string): Promise<number> {
    const epoch = this.epoch;
    const { balance } = await this.wallet.Balance({ userId });
    if (epoch === this.epoch) this.balances.set(userId, balance, this.expiry());
    return this.balances.get(userId) ?? balance;
  }

  private async loadMany(userIds: string[]): Promise<Map<string, number>> {
    const epoch = this.epoch;
    const { balances } = await this.wallet.Balances({ userIds });
    const loaded = new Map<string, number>();
    for (const { userId, balance } of balances) {
      if (epoch === this.epoch) this.balances.set(userId, balance, this.expiry());
      loaded.set(userId, this.balances.get(userId) ?? balance);
    }
    return loaded;
  }

  private expiry(): number {
    return (this.options.now ?? Date.now)() + (this.options.ttlMs ?? 60_000);
  }
}
