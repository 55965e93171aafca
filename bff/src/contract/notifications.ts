import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '@tip/notifications/domain';

export const notificationKindSchema = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

/**
 * One notification of GET /api/notifications. While unread it gathers the events of its kind about the same thing:
 * `actor` is who did it last (null for a kind without one, and for the unnamed author of an anonymous post),
 * `actorCount` how many members did it, `count` how many times it happened (messages, reports, verifications).
 * What it is about: `postId` (for a message, the anonymous post its conversation goes through), `conversationWith`
 * (a message's other member; null for an anonymous post's author), `reason` (a rejection's), `credits`, `months`.
 */
export const notificationSchema = z.strictObject({
  id: z.string(),
  kind: notificationKindSchema,
  actor: z
    .strictObject({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() })
    .nullable(),
  actorCount: z.number().int(),
  count: z.number().int(),
  postId: z.string().nullable(),
  conversationWith: z.string().nullable(),
  reason: z.string().nullable(),
  credits: z.number().int().nullable(),
  months: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationKindName = z.infer<typeof notificationKindSchema>;

/** GET /api/notifications: newest first; `nextCursor` (null on the last page) asks for the next. */
export const notificationPageSchema = z.strictObject({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** POST /api/notifications/read: how many were unread, and the unread count now (up to 100). */
export const notificationsReadSchema = z.strictObject({
  success: z.literal(true),
  marked: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
