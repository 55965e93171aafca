import { feedsKey } from '@/api/query-keys';
import type { PushHandlers } from '@/realtime/push';
import { commentsKey } from './api/get-comments';

export const pushHandlers: PushHandlers = {
  events: {
    // Neither member sees the other's posts any more (or again).
    blocks_updated: { invalidates: [feedsKey] },
    // A post was published, decided or deleted, or its likes or comments changed; the full comment list of the post
    // (when a card has it open) may have changed too.
    feed_updated: {
      apply: (queryClient, event) => {
        if (typeof event.postId === 'string')
          void queryClient.invalidateQueries({ queryKey: commentsKey(event.postId) });
      },
      invalidates: [feedsKey],
    },
    // The member's own post was approved or rejected: its badge changes.
    post_decided: { invalidates: [feedsKey] },
  },
};
