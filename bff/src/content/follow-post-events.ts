import { hostname } from 'node:os';
import {
  CONTENT_POSTS_TOPIC,
  IDENTITY_USERS_TOPIC,
  PostCreated,
  PostDecided,
  PostDeleted,
  PostEngagementChanged,
  type EventBus,
  type Logger,
  type Subscription,
} from '@tip/platform';
import type { Push } from '../realtime/push.js';
import type { FeedPages } from './feed-pages.js';

/** Each replica pushes to its own sockets, so each consumes every post event: the group is per host. */
export const postEventsGroup = () => `bff-posts-${hostname()}`;

/**
 * Tells open feeds that something changed, so they fetch again (each viewer's page is filtered for them by the
 * content service: blocks, premium locks, waiting posts). A waiting post concerns no feed but its author's; a
 * decision is also told to the author. Every post event, and every identity event (authors'
 * names, photos, premium, blocks), makes this replica's rendered feed pages stale.
 */
export function followPostEvents(options: {
  events: EventBus;
  push: Push;
  pages: FeedPages;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { push, pages, logger } = options;
  return options.events.subscribe({
    group: options.group ?? postEventsGroup(),
    topics: [CONTENT_POSTS_TOPIC, IDENTITY_USERS_TOPIC],
    async handle(event) {
      pages.changed();
      try {
        if (PostCreated.matches(event)) {
          const { postId, authorId, status } = PostCreated.parse(event);
          // A waiting post is in its author's feed only (other tabs, or a post made elsewhere, learn of it here).
          if (status === 'approved') push.toFeedHere({ type: 'feed_updated', postId });
          else push.toUserHere(authorId, { type: 'feed_updated', postId });
        } else if (PostDecided.matches(event)) {
          const { postId, authorId, status } = PostDecided.parse(event);
          push.toFeedHere({ type: 'feed_updated', postId });
          push.toUserHere(authorId, { type: 'post_decided', postId, status });
        } else if (PostDeleted.matches(event)) {
          push.toFeedHere({ type: 'feed_updated', postId: PostDeleted.parse(event).postId });
        } else if (PostEngagementChanged.matches(event)) {
          push.toFeedHere({ type: 'feed_updated', postId: PostEngagementChanged.parse(event).postId });
        }
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable post event');
      }
    },
  });
}
