import type { ServiceClient, WalletDefinition } from '@tip/platform';
import { BoundedMap } from '../lib/bounded-map.js';

/**
 * Members' credit balances as the wallet last told this replica, for the current user's JSON. The ledger's events
 * keep entries fresh (`update`); a miss asks the wallet. The TTL bounds staleness should an event be late.
 */
export class Balances {
  private readonly balances: BoundedMap<string, number>;
  private readonly loading = new Map<string, Promise<number>>();
  /** Bumped by every event, so that a lookup racing an event does not store what the event superseded. */
  private epoch = 0;

  constructor(
    private readonly wallet: Pick<ServiceClient<WalletDefinition>, 'Balance'>,
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

  private expiry(): number {
    return (this.options.now ?? Date.now)() + (this.options.ttlMs ?? 60_000);
  }
}
