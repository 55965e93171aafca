import {
  DomainError,
  idempotentHandler,
  PremiumPurchased,
  WALLET_LEDGER_TOPIC,
  type DocumentStore,
  type EventBus,
  type Subscription,
} from '@tip/platform';
import { ZodError } from 'zod';
import type { IdentityContext } from '../app/context.js';
import { applyPremiumPurchase } from '../app/premium.js';

const GROUP = 'identity.premium-purchases';

/**
 * Extends the premium of members who bought it (the wallet's PremiumPurchased). Only those events are remembered
 * as handled; the ledger's other events are no business of identity. A purchase by a member deleted since has no
 * one left to extend.
 */
export function consumePremiumPurchases(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  const apply = idempotentHandler(documents, GROUP, async (event) => {
    let purchase;
    try {
      purchase = PremiumPurchased.parse(event);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      context.logger.error({ eventId: event.id, issues: error.issues }, 'skipping a malformed PremiumPurchased');
      return;
    }
    const { userId, paymentId, months } = purchase;
    await applyPremiumPurchase(context, { userId, paymentId, months }, { correlationId: event.correlationId }).catch(
      (error: unknown) => {
        if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
        context.logger.info({ userId, paymentId }, 'premium purchase for a user that no longer exists');
      },
    );
  });
  return events.subscribe({
    group: GROUP,
    topics: [WALLET_LEDGER_TOPIC],
    handle: async (event) => (PremiumPurchased.matches(event) ? apply(event) : undefined),
  });
}
