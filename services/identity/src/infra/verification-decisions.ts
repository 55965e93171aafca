import {
  idempotentHandler,
  MODERATION_VERIFICATIONS_TOPIC,
  VerificationDecided,
  type DocumentStore,
  type EventBus,
  type Subscription,
} from '@tip/platform';
import { ZodError } from 'zod';
import type { IdentityContext } from '../app/context.js';
import { applyVerificationDecision } from '../app/verification.js';

const GROUP = 'identity.verification-decisions';

/**
 * Applies moderation's VerificationDecided events. Each event is handled once per group (redeliveries are dropped
 * by id); a malformed one is logged and skipped, since delivering it again would never make it valid.
 */
export function consumeVerificationDecisions(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return events.subscribe({
    group: GROUP,
    topics: [MODERATION_VERIFICATIONS_TOPIC],
    handle: idempotentHandler(documents, GROUP, async (event) => {
      if (!VerificationDecided.matches(event)) return;
      let decision;
      try {
        decision = VerificationDecided.parse(event);
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        context.logger.error({ eventId: event.id, issues: error.issues }, 'skipping a malformed VerificationDecided');
        return;
      }
      await applyVerificationDecision(context, decision, { correlationId: event.correlationId });
    }),
  });
}
