import { z } from 'zod';
import { verificationStatusSchema } from './users.js';

/**
 * A stored message; `readAt` stays null until the recipient opened the conversation. Through an anonymous post
 * (`postId`), the post's author is null to the other member.
 */
export const messageSchema = z.strictObject({
  id: z.string(),
  senderId: z.string().nullable(),
  recipientId: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  postId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * One row of GET /api/messages/conversations; `otherUser` is null when that member was deleted, and with
 * `otherUserId` when they are the unnamed author of the anonymous post the conversation goes through (`postId`).
 */
export const conversationSchema = z.strictObject({
  otherUserId: z.string().nullable(),
  otherUser: z
    .strictObject({
      username: z.string(),
      profileImageUrl: z.string().nullable(),
      verificationStatus: verificationStatusSchema,
    })
    .nullable(),
  lastMessage: z.strictObject({ content: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  postId: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * One message of a thread as GET /api/messages/{otherUserId} (or /api/messages/post/{postId}) answers it; the sender
 * is null for the unnamed author of an anonymous post.
 */
export const threadEntrySchema = z.strictObject({
  message: messageSchema,
  sender: z.strictObject({ id: z.string().nullable() }),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

/**
 * GET /api/messages/{otherUserId} (or /api/messages/post/{postId}): one page of the thread, newest first. The cursor
 * of the older messages comes in the X-Next-Cursor header, absent at the start of the conversation.
 */
export const threadPageSchema = z.array(threadEntrySchema);
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** POST /api/messages: the stored message and the sender's new balance. */
export const sendResultSchema = z.strictObject({ message: messageSchema, credits: z.number().int(), text: z.string() });
export type SendResult = z.infer<typeof sendResultSchema>;

export const unreadCountSchema = z.strictObject({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/messages/mark-read: how many messages this read. */
export const markReadResultSchema = z.strictObject({ success: z.literal(true), marked: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
