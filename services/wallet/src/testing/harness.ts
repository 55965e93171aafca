import { createGrpcClient } from '@tip/platform';
import { identityDefinition } from '@tip/identity/contract';
import { WALLET_LEDGER_TOPIC, walletDefinition, type WalletDefinition } from '../contract/index.js';
import { startIdentityService } from '@tip/identity';
import { startServiceHarness, type ServiceHarness } from '@tip/platform/testing';
import type { StripeSettings } from '../config.js';
import { startWalletService, type RunningWalletService } from '../service.js';

/**
 * The wallet as the BFF sees it, for tests, with what it published on `wallet.ledger`, and the real identity beside
 * it, where premium purchases take effect (the members here are ids identity does not know: it answers NOT_FOUND).
 */
export type WalletHarness = ServiceHarness<WalletDefinition, RunningWalletService>;

export function startWalletHarness(options: { stripe?: StripeSettings } = {}): Promise<WalletHarness> {
  return startServiceHarness({
    name: 'wallet',
    definition: walletDefinition(),
    watch: [WALLET_LEDGER_TOPIC],
    async start(runtime) {
      const identity = await startIdentityService({ ...runtime, address: '127.0.0.1:0' });
      const client = createGrpcClient(identityDefinition(), identity.address, {
        caller: 'wallet',
        serviceTokenSecret: runtime.serviceTokenSecret,
      });
      const wallet = await startWalletService({
        ...runtime,
        ...(options.stripe ? { stripe: options.stripe } : {}),
        identity: client,
      });
      return {
        ...wallet,
        async stop() {
          await wallet.stop();
          client.close();
          await identity.stop();
        },
      };
    },
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
