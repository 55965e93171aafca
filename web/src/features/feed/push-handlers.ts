import { feedsKey } from '@/api/query-keys';
import type { PushHandlers } from '@/realtime/push';
import { commentsKey } from './api/get-comments';

export const pushHandlers: PushHandlers = {
  events: {
    // Neither member sees the other's posts any more (or again).
    blocks_updated: { invalidates: [feedsKey] },
    // Posts were published, decided or deleted, or their likes or comments changed (told at most once a second);
    // the full comment list of each (when a card has it open) may have changed too.
    feed_updated: {
      apply: (queryClient, event) => {
        for (const postId of event.postIds) void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      },
      invalidates: [feedsKey],
    },
    // The member's own post was approved or rejected: its badge changes.
    post_decided: { invalidates: [feedsKey] },
  },
};
