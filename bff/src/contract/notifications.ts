import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationGroup, type NotificationKind } from '@tip/notifications/domain';

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

/** One switch per group of kinds (kinds.ts); `queues` matters to admins only. */
const groupSwitchesSchema = z.strictObject({
  messages: z.boolean(),
  posts: z.boolean(),
  decisions: z.boolean(),
  credits: z.boolean(),
  queues: z.boolean(),
} satisfies Record<NotificationGroup, z.ZodBoolean>);

/** A time of day, 'HH:MM' (00:00 to 23:59). */
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'notifications.quietHoursTime');

/**
 * GET and PUT /api/notifications/preferences: which groups make an entry in the app (`inApp`: off, nothing is listed
 * nor rung) and which reach the member's devices (`push`, opt-in); whether a device may show a message's text
 * (`previews`); and the quiet hours, in the member's time zone, when no device is told anything (the window may
 * cross midnight: 22:00 to 07:00), while entries in the app are still made. PUT takes the whole object and answers
 * it as saved; a new member has every inApp switch on, every push switch off, no previews and no quiet hours.
 */
export const notificationPreferencesSchema = z.strictObject({
  inApp: groupSwitchesSchema,
  push: groupSwitchesSchema,
  previews: z.boolean(),
  quietHours: z
    .strictObject({
      from: clockTimeSchema,
      to: clockTimeSchema,
      /** An IANA time zone ('Europe/Rome'); the service refuses one it does not know. */
      timeZone: z.string().min(1, 'notifications.quietHoursTimeZone').max(64, 'notifications.quietHoursTimeZone'),
    })
    .nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** GET /api/notifications/push/key: the VAPID application server key (base64url) a browser subscribes with. */
export const pushKeySchema = z.strictObject({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/**
 * POST /api/notifications/push/subscriptions (answers 204): the browser's PushSubscription (its `toJSON()`, without
 * `expirationTime`) and the language its notifications are written in. The same endpoint again replaces it, also for
 * another member signed in on that device (the endpoint moves to them).
 */
export const pushSubscriptionInputSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/, error: 'notifications.pushEndpoint' }).max(2048, 'notifications.pushEndpoint'),
  keys: z.strictObject({
    p256dh: z.string().min(1, 'notifications.pushKeys').max(200, 'notifications.pushKeys'),
    auth: z.string().min(1, 'notifications.pushKeys').max(100, 'notifications.pushKeys'),
  }),
  language: z.enum(['it', 'en', 'es', 'fr', 'de']),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/notifications/push/subscriptions (answers 204, also when it was not there): the device's endpoint. */
export const pushUnsubscribeInputSchema = z.strictObject({
  endpoint: z.string().min(1, 'notifications.pushEndpoint').max(2048, 'notifications.pushEndpoint'),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;
