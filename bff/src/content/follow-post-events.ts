import { hostname } from 'node:os';
import {
  CONTENT_POSTS_TOPIC,
  IDENTITY_USERS_TOPIC,
  PostCreated,
  PostDecided,
  PostDeleted,
  PostEngagementChanged,
  PostUnlocked,
  type EventBus,
  type EventEnvelope,
  type Logger,
  type Subscription,
} from '@tip/platform';
import type { Push } from '../realtime/push.js';
import type { FeedPages } from './feed-pages.js';

/** Each replica pushes to its own sockets, so each consumes every post event: the group is per host. */
export const postEventsGroup = () => `bff-posts-${hostname()}`;

/**
 * What an event changes of the feed pages this replica keeps: a like, the post's count and the liker's like of it;
 * a comment, the pages showing the post and the commenter's; an unlock, the buyer's pages;
 * an engagement event that does not say which (an erasure's), both. Anything else (a post published, decided or
 * deleted, a member's name, photo, premium or blocks) may change every page.
 */
function refreshPages(pages: FeedPages, event: EventEnvelope): void {
  if (PostEngagementChanged.matches(event)) {
    const { postId, what, userId } = PostEngagementChanged.parse(event);
    if (what === 'likes') pages.likesChanged(postId, userId);
    else {
      if (what !== 'comments') pages.likesChanged(postId);
      pages.postChanged(postId);
      if (userId) pages.viewerChanged(userId);
    }
  } else if (PostUnlocked.matches(event)) {
    pages.viewerChanged(PostUnlocked.parse(event).userId);
  } else {
    pages.changed();
  }
}

/**
 * Tells open feeds that something changed, so they fetch again (each viewer's page is filtered for them by the
 * content service: blocks, premium locks, waiting posts). A waiting post concerns no feed but its author's; a
 * decision is also told to the author. Every post event and every identity event first refreshes what this
 * replica's kept feed pages show.
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
      try {
        refreshPages(pages, event);
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
        // What an event that cannot be read changed is not known: any page may show it.
        pages.changed();
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable post event');
      }
    },
  });
}
