import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/** Every notifications event is about one member's notifications and travels keyed by the member, in order. */
export const NOTIFICATIONS_MEMBERS_TOPIC = 'notifications.members';

/**
 * The member's notifications changed: some were made, gathered an event, were read or went. It carries ids and the
 * unread count (capped at 100) and nothing else: the BFF tells the member's pages, which fetch the list if they show
 * it. Each member's events are published in the order their counts were taken, so the last one's count is current.
 */
export const NotificationsChanged = defineEvent({
  type: 'NotificationsChanged',
  version: 1,
  topic: NOTIFICATIONS_MEMBERS_TOPIC,
  schema: z.object({
    userId: z.string(),
    notificationIds: z.array(z.string()),
    unreadCount: z.number().int().nonnegative(),
  }),
});

export type NotificationsChangedPayload = PayloadOf<typeof NotificationsChanged>;
