import type { ServiceClient } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import { BoundedMap } from '../lib/bounded-map.js';

/**
 * Members' credit balances as the wallet last told this replica, for the current user's JSON and the admin console's
 * lists. The ledger's events keep entries fresh (`entry`), the latest entry of a member winning whatever order they
 * come in; a wallet call's answer too (`answered`), unless an event came during the call; a miss asks the wallet,
 * several misses in one call. The TTL bounds staleness should an event be late.
 */
export class Balances {
  private readonly balances: BoundedMap<string, number>;
  /** Per member, the sequence of their latest ledger entry heard of, and how many events about them came. */
  private readonly heard: BoundedMap<string, { sequence: number; events: number }>;
  private readonly loading = new Map<string, Promise<number>>();
  /** Bumped by every event, so that a lookup racing an event does not store what the event superseded. */
  private epoch = 0;

  constructor(
    private readonly wallet: Pick<ServiceClient<WalletDefinition>, 'Balance' | 'Balances'>,
    private readonly options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.balances = new BoundedMap(options.maxEntries ?? 50_000, options.now);
    this.heard = new BoundedMap(options.maxEntries ?? 50_000, options.now);
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

  /**
   * A ledger entry's event: the balance it left, unless a later entry of the member's was heard of already (another
   * replica's or worker's answer may reach this one's events before an older entry's).
   */
  entry(userId: string, sequence: number, balance: number): void {
    this.epoch++;
    const known = this.heard.get(userId);
    this.heard.set(
      userId,
      { sequence: Math.max(sequence, known?.sequence ?? 0), events: (known?.events ?? 0) + 1 },
      this.expiry(),
    );
    if (known && known.sequence >= sequence) return;
    this.balances.set(userId, balance, this.expiry());
  }

  /** What a wallet call's answer is checked against (`answered`): take it before the call. */
  mark(userId: string): number {
    return this.heard.get(userId)?.events ?? 0;
  }

  /**
   * The balance a wallet call's answer says its entry left, `mark` taken before the call. Kept unless an event about
   * the member came meanwhile: that one may be of a later entry, and if not, the call's own entry's event follows it.
   */
  answered(userId: string, balance: number, mark: number): void {
    if (this.mark(userId) !== mark) return;
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
