/** A notification, a page of them, a read's answer and the preferences and Web Push calls, as the BFF's contract defines them. */
export type {
  Notification,
  NotificationKindName,
  NotificationPage,
  NotificationPreferences,
  NotificationsRead,
  PushKey,
  PushSubscriptionInput,
} from '@tip/bff/contract';
