import {
  idempotentHandler,
  IDENTITY_USERS_TOPIC,
  UserDeleted,
  type DocumentStore,
  type EventBus,
  type Subscription,
} from '@tip/platform';
import { ZodError } from 'zod';
import type { WalletContext } from '../app/context.js';
import { forfeitDeletedMember } from '../app/forfeit.js';

const GROUP = 'wallet.user-deletions';

/** Forfeits and pseudonymises the account of every member identity deletes. */
export function consumeUserDeletions(
  context: WalletContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  const forfeit = idempotentHandler(documents, GROUP, async (event) => {
    let deleted;
    try {
      deleted = UserDeleted.parse(event);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      context.logger.error({ eventId: event.id, issues: error.issues }, 'skipping a malformed UserDeleted');
      return;
    }
    await forfeitDeletedMember(context, deleted.userId, { correlationId: event.correlationId });
  });
  // Only deletions are remembered as handled: the topic's other events are no business of the wallet.
  return events.subscribe({
    group: GROUP,
    topics: [IDENTITY_USERS_TOPIC],
    handle: async (event) => (UserDeleted.matches(event) ? forfeit(event) : undefined),
  });
}
