import { on, onEach, type Subscription } from '@tip/platform';
import {
  MediaRejected,
  PostCreated,
  PostDecided,
  PostDeleted,
  PostEngagementChanged,
  PostUnlocked,
} from '@tip/content/contract';
import { IDENTITY_EVENTS } from '@tip/identity/contract';
import { FeedNews } from '../realtime/feed-news.js';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';
import type { FeedPages } from './feed-pages.js';

/**
 * Tells open feeds that something changed, so they fetch again (each viewer's page is filtered for them by the
 * content service: blocks, premium locks, waiting posts). A waiting post, or one whose video was refused, concerns no
 * feed but its author's; a decision is also told to the author. Every post event and every identity event first refreshes what this
 * replica's kept feed pages show: a like, the post's count and the liker's like of it; a comment, the pages showing
 * the post and the commenter's; an unlock, the buyer's pages; an engagement event that does not say which (an
 * erasure's), both. Anything else (a post published, decided or deleted, a member's name, photo, premium or blocks)
 * may change every page. Every open feed hears of changes through `FeedNews`, at most once a second.
 */
export async function followPostEvents(
  options: FollowingHere & { push: Push; pages: FeedPages },
): Promise<Subscription> {
  const { push, pages } = options;
  const news = new FeedNews(push);
  const everyPage = () => pages.changed();
  const subscription = await followHere(options, 'posts', [
    on(PostCreated, ({ postId, authorId, status }) => {
      everyPage();
      // A waiting post is in its author's feed only (other tabs, or a post made elsewhere, learn of it here).
      if (status === 'approved') news.changed(postId);
      else push.toUserHere(authorId, { type: 'feed_updated', postIds: [postId] });
    }),
    // A refused upload concerns its author only (a processed one comes as PostCreated).
    on(MediaRejected, ({ postId, authorId }) => {
      everyPage();
      push.toUserHere(authorId, { type: 'feed_updated', postIds: [postId] });
    }),
    on(PostDecided, ({ postId, authorId, status }) => {
      everyPage();
      news.changed(postId);
      push.toUserHere(authorId, { type: 'post_decided', postId, status });
    }),
    on(PostDeleted, ({ postId }) => {
      everyPage();
      news.changed(postId);
    }),
    on(PostEngagementChanged, ({ postId, what, userId }) => {
      if (what === 'likes') pages.likesChanged(postId, userId);
      else {
        if (what !== 'comments') pages.likesChanged(postId);
        pages.postChanged(postId);
        if (userId) pages.viewerChanged(userId);
      }
      news.changed(postId);
    }),
    on(PostUnlocked, ({ userId }) => pages.viewerChanged(userId)),
    ...onEach(IDENTITY_EVENTS, everyPage),
  ]);
  return {
    stop: async () => {
      await subscription.stop();
      news.stop();
    },
  };
}
