import { hostname } from 'node:os';
import { MESSAGING_MESSAGES_TOPIC, MessagesRead, type EventBus, type Logger, type Subscription } from '@tip/platform';
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
  return options.events.subscribe({
    group: options.group ?? messageEventsGroup(),
    topics: [MESSAGING_MESSAGES_TOPIC],
    async handle(event) {
      try {
        if (MessagesRead.matches(event)) {
          const { readerId, senderId, readAt, post } = MessagesRead.parse(event);
          // Through an anonymous post, the member is not told who the author who read them is.
          const shownReader = post?.authorId === readerId ? null : readerId;
          push.toUserHere(senderId, {
            type: 'messages_read',
            readerId: shownReader,
            readAt,
            postId: post?.postId ?? null,
          });
        }
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable message event');
      }
    },
  });
}
