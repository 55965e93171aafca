import { hostname } from 'node:os';
import { followEvents, on, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { MessagesRead } from '@tip/messaging/contract';
import type { Push } from '../realtime/push.js';

/** Each replica pushes to its own sockets, so each consumes every read mark: the group is per host. */
export const messageEventsGroup = () => `bff-messages-${hostname()}`;

/**
 * A read mark reaches the sender. (A sent message is pushed by the request that sent it, on every replica: the
 * event does not carry what it says.)
 */
export function followMessageEvents(options: {
  events: EventBus;
  push: Push;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { push, logger } = options;
  return followEvents({
    events: options.events,
    group: options.group ?? messageEventsGroup(),
    logger,
    reactions: [
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
    ],
  });
}
