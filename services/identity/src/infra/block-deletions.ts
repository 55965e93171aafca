import {
  idempotentHandler,
  IDENTITY_USERS_TOPIC,
  UserDeleted,
  type DocumentStore,
  type EventBus,
  type Subscription,
} from '@tip/platform';
import { ZodError } from 'zod';
import { liftBlocksOf } from '../app/blocks.js';
import type { IdentityContext } from '../app/context.js';

const GROUP = 'identity.block-deletions';

/**
 * Lifts the blocks of every deleted account, both ways. It follows identity's own UserDeleted rather than running
 * inside DeleteAccount, so that a crash after the account's tombstone was written still lifts them (the event is
 * delivered again until handled). Only deletions are remembered as handled.
 */
export function consumeDeletionsForBlocks(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  const lift = idempotentHandler(documents, GROUP, async (event) => {
    let deleted;
    try {
      deleted = UserDeleted.parse(event);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      context.logger.error({ eventId: event.id, issues: error.issues }, 'skipping a malformed UserDeleted');
      return;
    }
    await liftBlocksOf(context, deleted.userId, { correlationId: event.correlationId });
  });
  return events.subscribe({
    group: GROUP,
    topics: [IDENTITY_USERS_TOPIC],
    handle: async (event) => (UserDeleted.matches(event) ? lift(event) : undefined),
  });
}
