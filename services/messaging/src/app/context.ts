import type { Logger, ServiceClient, WalletDefinition } from '@tip/platform';
import type { MessagingStores } from '../infra/stores.js';

export interface MessagingContext {
  stores: MessagingStores;
  /** Where a message's credits are taken: the wallet, called as `messaging`. */
  wallet: Pick<ServiceClient<WalletDefinition>, 'Debit'>;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
