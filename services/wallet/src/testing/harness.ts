import { startServiceHarness, type ServiceHarness } from '@tip/platform/testing';
import { WALLET_LEDGER_TOPIC, walletDefinition, type WalletDefinition } from '../contract/index.js';
import type { RunningWalletService, WalletServiceOptions } from '../service.js';
import { startWalletWithIdentity } from './wallet-with-identity.js';

/**
 * The wallet as the BFF sees it, for tests, with what it published on `wallet.ledger`, and the real identity beside
 * it, where premium purchases take effect (the members here are ids identity does not know: it answers NOT_FOUND).
 */
export type WalletHarness = ServiceHarness<WalletDefinition, RunningWalletService>;

export function startWalletHarness(
  options: Pick<WalletServiceOptions, 'stripe' | 'integrityCheckIntervalMs'> = {},
): Promise<WalletHarness> {
  return startServiceHarness({
    name: 'wallet',
    definition: walletDefinition(),
    watch: [WALLET_LEDGER_TOPIC],
    start: (runtime) => startWalletWithIdentity(runtime, options),
  });
}

let members = 0;
/** A fresh member id: the wallet knows members only by id. */
export const newMemberId = () => `member-${process.pid}-${++members}`;

/** Gives the member credits the way an admin would. */
export async function fund(harness: WalletHarness, userId: string, amount: number): Promise<void> {
  await harness.client.Credit({
    userId,
    amount,
    kind: 'admin_adjustment',
    reference: { type: 'admin', id: 'test-admin' },
    idempotencyKey: `fund:${userId}:${amount}:${Math.random()}`,
    actorId: 'test-admin',
  });
}
