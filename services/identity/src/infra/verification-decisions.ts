import { followEvents, on, type DocumentStore, type EventBus, type Subscription } from '@tip/platform';
import { VerificationDecided } from '@tip/moderation/contract';
import type { IdentityContext } from '../app/context.js';
import { applyVerificationDecision } from '../app/verification.js';

/**
 * Applies moderation's VerificationDecided events, the one way a decision reaches identity; each once per group, and a
 * malformed one is logged and skipped.
 */
export function consumeVerificationDecisions(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return followEvents({
    events,
    once: documents,
    group: 'identity.verification-decisions',
    logger: context.logger,
    reactions: [
      on(VerificationDecided, (decision, event) =>
        applyVerificationDecision(
          context,
          { ...decision, decidedAt: event.occurredAt },
          { correlationId: event.correlationId },
        ),
      ),
    ],
  });
}
