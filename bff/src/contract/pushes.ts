import { z } from 'zod';
import { messageSchema } from './messages.js';

/**
 * What the admin console hears (its live update types, plus the audit log's: docs/product.md#the-api): each
 * refreshes the matching lists, counts and stats.
 */
export const adminPushEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('new_verification_pending'), userId: z.string() }),
  z.strictObject({ type: z.literal('user_verification_updated'), userId: z.string(), status: z.string() }),
  // A member confirmed their e-mail address: the verification queue and the users list say so.
  z.strictObject({ type: z.literal('member_email_confirmed'), userId: z.string() }),
  z.strictObject({ type: z.literal('post_approval_updated'), postId: z.string(), status: z.string() }),
  z.strictObject({ type: z.literal('new_feedback'), feedbackId: z.string() }),
  z.strictObject({ type: z.literal('feedback_updated'), feedbackId: z.string() }),
  z.strictObject({ type: z.literal('new_post_report'), postId: z.string() }),
  z.strictObject({ type: z.literal('post_report_updated'), postId: z.string() }),
  // A user listed in the console changed, or an admin acted: the users list and the audit log.
  z.strictObject({ type: z.literal('admin_audit_updated') }),
]);
export type AdminPushEvent = z.infer<typeof adminPushEventSchema>;

/** What browsers receive over Socket.IO: `{ type, ... }`, sent under the event name `type`. */
export const pushEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user_updated') }),
  z.strictObject({ type: z.literal('credits_updated'), credits: z.number().int() }),
  // A block between the member and someone else was made or lifted: the blocked list and the feeds change.
  z.strictObject({ type: z.literal('blocks_updated') }),
  // Something in the feeds changed (posts published, decided or deleted, their likes or comments).
  z.strictObject({ type: z.literal('feed_updated'), postIds: z.array(z.string()).min(1) }),
  // The member's own post was approved or rejected.
  z.strictObject({ type: z.literal('post_decided'), postId: z.string(), status: z.string() }),
  // A message to or from the member (`conversationWith`: the other member; `postId`: the anonymous post the
  // conversation goes through, whose author is null to the other member).
  z.strictObject({
    type: z.literal('message_received'),
    message: messageSchema,
    conversationWith: z.string().nullable(),
    postId: z.string().nullable(),
  }),
  // The other member read the member's messages up to `readAt` (through an anonymous post: its author is null).
  z.strictObject({
    type: z.literal('messages_read'),
    readerId: z.string().nullable(),
    readAt: z.string(),
    postId: z.string().nullable(),
  }),
  // The other member is typing in their conversation.
  z.strictObject({ type: z.literal('typing'), fromUserId: z.string() }),
  // A member the page watches (an open conversation, a profile) came online or went offline.
  z.strictObject({ type: z.literal('presence_changed'), userId: z.string(), isOnline: z.boolean() }),
  // A member the page watches deleted their account ('Utente eliminato').
  z.strictObject({ type: z.literal('member_deleted'), userId: z.string() }),
  // The member's notifications changed (`notificationIds`: those made, gathered, read or gone; empty when all were
  // read): the bell shows `unreadCount` (up to 100), and a page showing the list fetches it.
  z.strictObject({
    type: z.literal('notification'),
    unreadCount: z.number().int(),
    notificationIds: z.array(z.string()),
  }),
  ...adminPushEventSchema.options,
]);
export type PushEvent = z.infer<typeof pushEventSchema>;
export type PushEventType = PushEvent['type'];
/** The push of one type. */
export type PushOf<T extends PushEventType> = Extract<PushEvent, { type: T }>;
