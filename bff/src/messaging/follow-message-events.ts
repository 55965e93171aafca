import { on, type Subscription } from '@tip/platform';
import { MessagesRead } from '@tip/messaging/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';

/**
 * A read mark reaches the sender. (A sent message is pushed by the request that sent it, on every replica: the
 * event does not carry what it says.)
 */
export function followMessageEvents(options: FollowingHere & { push: Push }): Promise<Subscription> {
  const { push } = options;
  return followHere(options, 'messages', [
    on(MessagesRead, ({ readerId, senderId, readAt, post }) => {
      // Through an anonymous post, the member is not told who the author who read them is.
      const shownReader = post?.authorId === readerId ? null : readerId;
      push.toUserHere(senderId, {
        type: 'messages_read',
        readerId: shownReader,
        readAt,
        postId: post?.postId ?? null,
      });
    }),
  ]);
}
