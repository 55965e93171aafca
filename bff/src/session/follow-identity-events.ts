import { hostname } from 'node:os';
import { followEvents, on, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { ProfileUpdated, UserDeleted } from '@tip/identity/contract';
import type { Push } from '../realtime/push.js';
import type { UserCache } from './user-cache.js';

/**
 * Every BFF replica keeps its own user cache and its own sockets, so each consumes every identity event: the
 * consumer group is per host. (A new group reads from the start of the log; that only touches users held now.)
 */
export const userEventsGroup = () => `bff-users-${hostname()}`;

/**
 * Keeps the user cache true to identity and tells browsers. ProfileUpdated carries only the public profile, not
 * what the owner sees (e-mail, verification notes), so it invalidates the entry rather than replacing it.
 */
export function followIdentityEvents(options: {
  events: EventBus;
  users: UserCache;
  push: Push;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { users, push, logger } = options;
  return followEvents({
    events: options.events,
    group: options.group ?? userEventsGroup(),
    logger,
    reactions: [
      // Every change of a user (premium and roles too) ends with ProfileUpdated.
      on(ProfileUpdated, ({ userId }) => {
        users.invalidate(userId);
        push.toUserHere(userId, { type: 'user_updated' });
      }),
      on(UserDeleted, ({ userId }) => {
        users.drop(userId);
        push.endUserHere(userId);
        // An open conversation with them turns to 'Utente eliminato'.
        push.toWatchersHere(userId, { type: 'member_deleted', userId });
      }),
    ],
  });
}
