import { followEvents, on, DomainError, type DocumentStore, type EventBus, type Subscription } from '@tip/platform';
import { PremiumPurchased } from '@tip/wallet/contract';
import type { IdentityContext } from '../app/context.js';
import { applyPremiumPurchase } from '../app/premium.js';

/**
 * Extends the premium of members who bought it (the wallet's PremiumPurchased; the ledger's other events are no
 * business of identity). A purchase by a member deleted since has no one left to extend.
 */
export function consumePremiumPurchases(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return followEvents({
    events,
    once: documents,
    group: 'identity.premium-purchases',
    logger: context.logger,
    reactions: [
      on(PremiumPurchased, async ({ userId, paymentId, months }, event) => {
        const call = { correlationId: event.correlationId };
        await applyPremiumPurchase(context, { userId, paymentId, months }, call).catch((error: unknown) => {
          if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
          context.logger.info({ userId, paymentId }, 'premium purchase for a user that no longer exists');
        });
      }),
    ],
  });
}
