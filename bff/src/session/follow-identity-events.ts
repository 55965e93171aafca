import { on, type Subscription } from '@tip/platform';
import { PasswordReset, ProfileUpdated, UserDeleted } from '@tip/identity/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';
import type { UserCache } from './user-cache.js';

/**
 * Keeps the user cache true to identity and tells browsers. ProfileUpdated carries only the public profile, not
 * what the owner sees (e-mail, verification notes), so it invalidates the entry rather than replacing it.
 */
export function followIdentityEvents(options: FollowingHere & { users: UserCache; push: Push }): Promise<Subscription> {
  const { users, push } = options;
  return followHere(options, 'users', [
    // Every change of a user (premium and roles too) ends with ProfileUpdated.
    on(ProfileUpdated, ({ userId }) => {
      users.invalidate(userId);
      push.toUserHere(userId, { type: 'user_updated' });
    }),
    // Every session the member had is over: their pages here lose their sockets (the next request gets 401).
    on(PasswordReset, ({ userId }) => {
      users.invalidate(userId);
      push.endUserHere(userId);
    }),
    on(UserDeleted, ({ userId }) => {
      users.drop(userId);
      push.endUserHere(userId);
      // An open conversation with them turns to 'Utente eliminato'.
      push.toWatchersHere(userId, { type: 'member_deleted', userId });
    }),
  ]);
}
