import type { ServiceClient } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import { BoundedMap } from '../lib/bounded-map.js';

/** A member's balance as of their ledger entry `sequence` (0: before their first). */
interface Known {
  sequence: number;
  balance: number;
}

/**
 * Members' credit balances as the wallet last told this replica, for the current user's JSON and the admin console's
 * lists. Everything the wallet tells carries the sequence of the entry that left the balance: its ledger events
 * (`entry`), its lookups, and its calls' answers (`answered`). The latest entry wins whatever order they come in:
 * another replica's or worker's debit may be heard before an older one's event, and a retried debit answers the
 * first one's entry. A miss asks the wallet, several misses in one call. The TTL bounds staleness should an event be
 * late.
 */
export class Balances {
  private readonly known: BoundedMap<string, Known>;
  private readonly loading = new Map<string, Promise<number>>();

  constructor(
    private readonly wallet: Pick<ServiceClient<WalletDefinition>, 'Balance' | 'Balances'>,
    private readonly options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.known = new BoundedMap(options.maxEntries ?? 50_000, options.now);
  }

  get(userId: string): Promise<number> {
    const known = this.known.get(userId);
    if (known) return Promise.resolve(known.balance);
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
    const missing = unique.filter((userId) => !this.known.get(userId) && !this.loading.has(userId));
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

  /** A ledger entry's event, or a lookup's answer: the balance entry `sequence` left, unless a later one is known. */
  entry(userId: string, sequence: number, balance: number): void {
    const known = this.known.get(userId);
    if (known && known.sequence > sequence) return;
    this.known.set(userId, { sequence, balance }, this.expiry());
  }

  /**
   * The balance a wallet call's entry (`sequence`) left, as the call answered it. Kept only over what this replica
   * knows already: a retried call answers its first entry, which may be long past for a member this replica has
   * forgotten (a lookup asks then).
   */
  answered(userId: string, sequence: number, balance: number): void {
    if (this.known.get(userId)) this.entry(userId, sequence, balance);
  }

  private async load(userId: string): Promise<number> {
    const { sequence, balance } = await this.wallet.Balance({ userId });
    this.entry(userId, sequence, balance);
    return this.known.get(userId)?.balance ?? balance;
  }

  private async loadMany(userIds: string[]): Promise<Map<string, number>> {
    const { balances } = await this.wallet.Balances({ userIds });
    const loaded = new Map<string, number>();
    for (const { userId, sequence, balance } of balances) {
      this.entry(userId, sequence, balance);
      loaded.set(userId, this.known.get(userId)?.balance ?? balance);
    }
    return loaded;
  }

  private expiry(): number {
    return (this.options.now ?? Date.now)() + (this.options.ttlMs ?? 60_000);
  }
}
