import { z } from 'zod';
import { MESSAGE_MAX_CHARACTERS } from './limits.js';

export const messageSchema = z.object({
  content: z
    .string('messaging.contentRequired')
    .trim()
    .min(1, 'messaging.contentRequired')
    .max(MESSAGE_MAX_CHARACTERS, 'messaging.contentTooLong'),
});

/** One conversation per pair of members, whoever wrote first. */
export function conversationKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * One conversation per anonymous post and member who wrote to its author through it, apart from any the two have
 * as themselves (the member does not know whom they write to).
 */
export function postConversationKey(postId: string, memberId: string): string {
  return `post:${postId}:${memberId}`;
}
