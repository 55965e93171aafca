import { on, type Subscription } from '@tip/platform';
import { NotificationsChanged } from '@tip/notifications/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';

/** The member's notifications changed: their pages on this replica hear the unread count and which changed. */
export function followNotificationEvents(options: FollowingHere & { push: Push }): Promise<Subscription> {
  const { push } = options;
  return followHere(options, 'notifications', [
    on(NotificationsChanged, ({ userId, unreadCount, notificationIds }) =>
      push.toUserHere(userId, { type: 'notification', unreadCount, notificationIds }),
    ),
  ]);
}
