import {
  IDENTITY_USERS_TOPIC,
  ProfileUpdated,
  UserBlocked,
  UserDeleted,
  UserRegistered,
  UserUnblocked,
  type DeliveredEvent,
  type EventBus,
  type Logger,
  type Subscription,
} from '@tip/platform';
import type { AuthorDirectory } from './author-directory.js';
import type { BlockProjection } from './block-projection.js';

const GROUP = 'content.identity-projection';

type IdentityFact =
  | { kind: 'profile'; payload: ReturnType<typeof ProfileUpdated.parse> }
  | { kind: 'deleted'; userId: string }
  | { kind: 'blocked' | 'unblocked'; blockerId: string; blockedId: string };

/** The identity events content keeps, read; null for the others. Throws on a malformed one. */
function factOf(event: DeliveredEvent): IdentityFact | null {
  if (UserRegistered.matches(event)) return { kind: 'profile', payload: UserRegistered.parse(event) };
  if (ProfileUpdated.matches(event)) return { kind: 'profile', payload: ProfileUpdated.parse(event) };
  if (UserDeleted.matches(event)) return { kind: 'deleted', userId: UserDeleted.parse(event).userId };
  if (UserBlocked.matches(event)) return { kind: 'blocked', ...UserBlocked.parse(event) };
  if (UserUnblocked.matches(event)) return { kind: 'unblocked', ...UserUnblocked.parse(event) };
  return null;
}

/**
 * Keeps the author directory and the blocks true to identity's events. Every handler sets what its event carries, so a repeat
 * changes nothing and no handled-event record is needed. A member deleted by identity leaves the directory, after
 * `onUserDeleted` took away what they left.
 */
export function projectIdentity(options: {
  events: EventBus;
  authors: AuthorDirectory;
  blocks: BlockProjection;
  logger: Logger;
  onUserDeleted(userId: string): Promise<void>;
}): Promise<Subscription> {
  const { authors, blocks, logger } = options;
  return options.events.subscribe({
    group: GROUP,
    topics: [IDENTITY_USERS_TOPIC],
    async handle(event) {
      let fact: IdentityFact | null;
      try {
        fact = factOf(event);
      } catch (error) {
        // A malformed event cannot become well-formed by being delivered again: log it and move on.
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable identity event');
        return;
      }
      if (fact?.kind === 'profile') {
        const profile = fact.payload;
        await authors.upsert(profile.userId, {
          username: profile.username,
          firstName: profile.firstName,
          lastName: profile.lastName,
          profileImageUrl: profile.profileImageUrl,
          verificationStatus: profile.verificationStatus,
          gender: profile.gender,
          isAdmin: profile.isAdmin,
          hasTelegram: profile.hasTelegram,
          premiumSubscriptionExpiry: profile.premiumSubscriptionExpiry,
        });
      } else if (fact?.kind === 'blocked') {
        await blocks.add(fact.blockerId, fact.blockedId);
      } else if (fact?.kind === 'unblocked') {
        await blocks.remove(fact.blockerId, fact.blockedId);
      } else if (fact?.kind === 'deleted') {
        await options.onUserDeleted(fact.userId);
        await authors.remove(fact.userId);
      }
    },
  });
}
