import { startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import {
  WALLET_LEDGER_TOPIC,
  WALLET_CALLERS,
  WALLET_SERVICE_NAME,
  walletDefinition,
  type WalletDefinition,
} from './contract/index.js';
import type { WalletContext } from './app/context.js';
import { scheduleIntegrityChecks } from './app/integrity-schedule.js';
import { DEFAULT_LEDGER_CHECK_INTERVAL_MS, type StripeSettings } from './config.js';
import { walletHandlers } from './grpc/handlers.js';
import { DemoPaymentProvider } from './infra/demo-provider.js';
import { LedgerStore } from './infra/ledger-store.js';
import { PaymentStore } from './infra/payment-store.js';
import { consumeUserDeletions } from './infra/user-deletions.js';

export interface WalletServiceOptions extends Omit<ServiceRuntime, 'objects'> {
  /** Stripe takes the payments when set; the demo provider otherwise. */
  stripe?: StripeSettings;
  /** Identity, where a premium purchase takes effect; its token names `wallet` as the caller. */
  identity: WalletContext['identity'];
  /** How often the whole ledger is checked (LEDGER_CHECK_INTERVAL_MS; its default when unset, 0 never). */
  integrityCheckIntervalMs?: number;
}

export type RunningWalletService = RunningService<WalletDefinition>;

/**
 * Starts the wallet: its gRPC server, the outbox relays of ledger entries and payments (both on `wallet.ledger`),
 * the consumer of identity's deletions, and the scheduled ledger integrity checks.
 */
export async function startWalletService(options: WalletServiceOptions): Promise<RunningWalletService> {
  const { documents, events, logger } = options;
  const [ledger, payments] = await Promise.all([LedgerStore.open(documents), PaymentStore.open(documents)]);
  const demo = options.stripe ? null : await DemoPaymentProvider.open(documents);
  // Stripe's SDK is loaded only where its keys are set: tens of MB a process the demo provider does without.
  const stripe = options.stripe
    ? new (await import('./infra/stripe-provider.js')).StripePaymentProvider(options.stripe)
    : null;
  const context: WalletContext = {
    ledger,
    payments,
    provider: stripe ?? (demo as DemoPaymentProvider),
    demo,
    identity: options.identity,
    logger,
  };
  const service = await startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: WALLET_SERVICE_NAME,
      definition: walletDefinition(),
      handlers: walletHandlers(context),
      callers: WALLET_CALLERS,
    },
    events,
    logger,
    outboxes: [
      {
        collection: ledger.entries,
        topic: WALLET_LEDGER_TOPIC,
        // An account's entries leave in sequence order, so that a consumer's last balance is the latest.
        sweepOrder: { accountId: 1, sequence: 1 },
        onEventsStored: (notify) => ledger.onEventsStored(notify),
      },
      {
        collection: payments.collection,
        topic: WALLET_LEDGER_TOPIC,
        onEventsStored: (notify) => payments.onEventsStored(notify),
      },
    ],
    consumers: [() => consumeUserDeletions(context, events, documents)],
  });
  const stopChecks = scheduleIntegrityChecks(
    context,
    options.integrityCheckIntervalMs ?? DEFAULT_LEDGER_CHECK_INTERVAL_MS,
  );
  return {
    ...service,
    stop: async () => {
      await stopChecks();
      await service.stop();
    },
  };
}
