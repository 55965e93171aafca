import { hostname } from 'node:os';
import {
  IDENTITY_USERS_TOPIC,
  ProfileUpdated,
  UserDeleted,
  type EventBus,
  type Logger,
  type Subscription,
} from '@tip/platform';
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
  return options.events.subscribe({
    group: options.group ?? userEventsGroup(),
    topics: [IDENTITY_USERS_TOPIC],
    async handle(event) {
      try {
        // Every change of a user (premium and roles too) ends with ProfileUpdated.
        if (ProfileUpdated.matches(event)) {
          const { userId } = ProfileUpdated.parse(event);
          users.invalidate(userId);
          push.toUserHere(userId, { type: 'user_updated' });
        } else if (UserDeleted.matches(event)) {
          const { userId } = UserDeleted.parse(event);
          users.drop(userId);
          push.endUserHere(userId);
          // An open conversation with them turns to 'Utente eliminato'.
          push.toWatchersHere(userId, { type: 'member_deleted', userId });
        }
      } catch (error) {
        // A malformed event cannot become well-formed by being delivered again: log it and move on.
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable identity event');
      }
    },
  });
}
