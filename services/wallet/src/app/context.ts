import type { Logger, ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { DemoPaymentProvider } from '../infra/demo-provider.js';
import type { LedgerStore } from '../infra/ledger-store.js';
import type { PaymentProvider } from '../infra/payment-provider.js';
import type { PaymentStore } from '../infra/payment-store.js';

/** What the use cases work with. */
export interface WalletContext {
  ledger: LedgerStore;
  payments: PaymentStore;
  provider: PaymentProvider;
  /** The demo provider's card form, when the demo provider is the one taking payments. */
  demo: DemoPaymentProvider | null;
  /** Where a premium purchase takes effect: identity, called as `wallet`. */
  identity: Pick<ServiceClient<IdentityDefinition>, 'ApplyPremiumPurchase'>;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
