import type { ContentDefinition, IdentityDefinition, Logger, ServiceClient } from '@tip/platform';
import type { ModerationStores } from '../infra/stores.js';

/** The services whose state a decision changes: moderation applies its decisions there as it records them. */
export interface DecisionOwners {
  identity: Pick<ServiceClient<IdentityDefinition>, 'GetUser' | 'ApplyVerificationDecision'>;
  content: Pick<ServiceClient<ContentDefinition>, 'GetPost' | 'ApplyPostDecision'>;
}

export interface ModerationContext extends DecisionOwners {
  stores: ModerationStores;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
