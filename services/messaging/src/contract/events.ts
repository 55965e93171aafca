import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/** Every messaging event is about one conversation and travels keyed by it, so a conversation stays in order. */
export const MESSAGING_MESSAGES_TOPIC = 'messaging.messages';

/**
 * A message was paid for and delivered. It does not carry what the message says: the log outlives an erasure, the
 * messaging store does not (the BFF pushes the message itself to the pages that show it). `post`: the conversation is
 * about an anonymous post, whose author the other member may not be told (so a message from the author names no one
 * to them); absent in events written before.
 */
export const MessageSent = defineEvent({
  type: 'MessageSent',
  version: 1,
  topic: MESSAGING_MESSAGES_TOPIC,
  schema: z.object({
    messageId: z.string(),
    conversation: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    sentAt: z.string(),
    post: z.object({ postId: z.string(), authorId: z.string() }).optional(),
  }),
});

/**
 * A member read a conversation up to a moment: the sender's messages before it show as read. `post`: the conversation
 * is about an anonymous post, whose author the other member may not be told (absent in events written before).
 */
export const MessagesRead = defineEvent({
  type: 'MessagesRead',
  version: 1,
  topic: MESSAGING_MESSAGES_TOPIC,
  schema: z.object({
    conversation: z.string(),
    readerId: z.string(),
    senderId: z.string(),
    readAt: z.string(),
    post: z.object({ postId: z.string(), authorId: z.string() }).optional(),
  }),
});

export type MessageSentPayload = PayloadOf<typeof MessageSent>;
