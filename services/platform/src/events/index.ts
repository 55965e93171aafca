export * from './define-event.js';

/**
 * Topics about users, compacted by key (Kafka's `cleanup.policy=compact`, which the deploy files set; the embedded
 * log does the same): a deleted member's earlier events leave the log, their UserDeleted (nothing personal) stays.
 * Every process opening the embedded log compacts it and expires the other topics, so the list is the deployment's,
 * named here, not gathered from the services' contracts: identity's `identity.users` and moderation's
 * `moderation.verifications` (their contract tests check that their topics are listed).
 */
export const COMPACTED_TOPICS: readonly string[] = ['identity.users', 'moderation.verifications'];
