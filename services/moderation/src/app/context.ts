import type { Logger } from '@tip/platform';
import type { ModerationStores } from '../infra/stores.js';

export interface ModerationContext {
  stores: ModerationStores;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
