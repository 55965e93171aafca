import { hostname } from 'node:os';
import {
  MESSAGING_MESSAGES_TOPIC,
  MessageSent,
  MessagesRead,
  type EventBus,
  type Logger,
  type Subscription,
} from '@tip/platform';
import type { Push } from '../realtime/push.js';

/** Each replica pushes to its own sockets, so each consumes every message event: the group is per host. */
export const messageEventsGroup = () => `bff-messages-${hostname()}`;

/** A sent message reaches the recipient's pages and the sender's other tabs; a read mark reaches the sender. */
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
        if (MessageSent.matches(event)) {
          const sent = MessageSent.parse(event);
          const message = {
            id: sent.messageId,
            senderId: sent.senderId,
            recipientId: sent.recipientId,
            content: sent.content,
            createdAt: sent.sentAt,
            readAt: null,
          };
          push.toUserHere(sent.recipientId, { type: 'message_received', message, conversationWith: sent.senderId });
          push.toUserHere(sent.senderId, { type: 'message_received', message, conversationWith: sent.recipientId });
        } else if (MessagesRead.matches(event)) {
          const { readerId, senderId, readAt } = MessagesRead.parse(event);
          push.toUserHere(senderId, { type: 'messages_read', readerId, readAt });
        }
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable message event');
      }
    },
  });
}
