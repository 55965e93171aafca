/** A notification, a page of them and a read's answer, as the BFF's contract defines them. */
export type { Notification, NotificationKindName, NotificationPage, NotificationsRead } from '@tip/bff/contract';
