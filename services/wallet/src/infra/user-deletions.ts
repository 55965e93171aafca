import { followEvents, on, type DocumentStore, type EventBus, type Subscription } from '@tip/platform';
import { UserDeleted } from '@tip/identity/contract';
import type { WalletContext } from '../app/context.js';
import { forfeitDeletedMember } from '../app/forfeit.js';

/** Forfeits and pseudonymises the account of every member identity deletes. */
export function consumeUserDeletions(
  context: WalletContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return followEvents({
    events,
    once: documents,
    group: 'wallet.user-deletions',
    logger: context.logger,
    reactions: [
      on(UserDeleted, ({ userId }, event) =>
        forfeitDeletedMember(context, userId, { correlationId: event.correlationId }),
      ),
    ],
  });
}
