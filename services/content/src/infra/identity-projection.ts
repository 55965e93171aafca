import { followEvents, on, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { ProfileUpdated, UserDeleted, UserRegistered, type UserProfilePayload } from '@tip/identity/contract';
import type { AuthorDirectory } from './author-directory.js';

/**
 * Keeps the author directory true to identity's events. Every handler sets what its event carries, so
 * a repeat changes nothing and no handled-event record is needed. A member deleted by identity leaves the directory,
 * after `onUserDeleted` took away what they left.
 */
export function projectIdentity(options: {
  events: EventBus;
  authors: AuthorDirectory;
  logger: Logger;
  onUserDeleted(userId: string): Promise<void>;
}): Promise<Subscription> {
  const { authors, events, logger } = options;
  const profile = (author: UserProfilePayload) =>
    authors.upsert(author.userId, {
      username: author.username,
      firstName: author.firstName,
      lastName: author.lastName,
      profileImageUrl: author.profileImageUrl,
      verificationStatus: author.verificationStatus,
      gender: author.gender,
      isAdmin: author.isAdmin,
      hasTelegram: author.hasTelegram,
      premiumSubscriptionExpiry: author.premiumSubscriptionExpiry,
    });
  return followEvents({
    events,
    group: 'content.identity-projection',
    logger,
    reactions: [
      on(UserRegistered, profile),
      on(ProfileUpdated, profile),
      on(UserDeleted, async ({ userId }) => {
        await options.onUserDeleted(userId);
        await authors.remove(userId);
      }),
    ],
  });
}
