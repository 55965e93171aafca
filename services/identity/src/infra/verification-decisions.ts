import { consumeEvent, VerificationDecided, type DocumentStore, type EventBus, type Subscription } from '@tip/platform';
import type { IdentityContext } from '../app/context.js';
import { applyVerificationDecision } from '../app/verification.js';

/** Applies moderation's VerificationDecided events, each once per group; a malformed one is logged and skipped. */
export function consumeVerificationDecisions(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return consumeEvent({
    events,
    documents,
    group: 'identity.verification-decisions',
    event: VerificationDecided,
    logger: context.logger,
    handle: (decision, event) => applyVerificationDecision(context, decision, { correlationId: event.correlationId }),
  });
}
