export * from './define-event.js';
export * from './identity.js';
export * from './moderation.js';
export * from './wallet.js';
export * from './content.js';
export * from './messaging.js';

import { IDENTITY_USERS_TOPIC } from './identity.js';
import { MODERATION_VERIFICATIONS_TOPIC } from './moderation.js';

/**
 * Topics about users, compacted by key (Kafka's `cleanup.policy=compact`, which the deploy files set; the embedded
 * log does the same): a deleted member's earlier events leave the log, their UserDeleted (nothing personal) stays.
 */
export const COMPACTED_TOPICS: readonly string[] = [IDENTITY_USERS_TOPIC, MODERATION_VERIFICATIONS_TOPIC];
