import { followEvents, on, type DocumentStore, type EventBus, type Subscription } from '@tip/platform';
import { UserDeleted } from '../contract/index.js';
import { liftBlocksOf } from '../app/blocks.js';
import type { IdentityContext } from '../app/context.js';

/**
 * Lifts the blocks of every deleted account, both ways. It follows identity's own UserDeleted rather than running
 * inside DeleteAccount, so that a crash after the account's tombstone was written still lifts them (the event is
 * delivered again until handled).
 */
export function consumeDeletionsForBlocks(
  context: IdentityContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return followEvents({
    events,
    once: documents,
    group: 'identity.block-deletions',
    logger: context.logger,
    reactions: [
      on(UserDeleted, ({ userId }, event) => liftBlocksOf(context, userId, { correlationId: event.correlationId })),
    ],
  });
}
