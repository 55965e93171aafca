import type { Logger } from '@tip/platform';
import type { MessagingStores } from '../infra/stores.js';

export interface MessagingContext {
  stores: MessagingStores;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
