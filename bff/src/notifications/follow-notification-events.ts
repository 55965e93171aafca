import { hostname } from 'node:os';
import { followEvents, on, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { NotificationsChanged } from '@tip/notifications/contract';
import type { Push } from '../realtime/push.js';

/** Each replica pushes to its own sockets, so each consumes every change: the group is per host. */
export const notificationEventsGroup = () => `bff-notifications-${hostname()}`;

/** The member's notifications changed: their pages on this replica hear the unread count and which changed. */
export function followNotificationEvents(options: {
  events: EventBus;
  push: Push;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { push, logger } = options;
  return followEvents({
    events: options.events,
    group: options.group ?? notificationEventsGroup(),
    logger,
    reactions: [
      on(NotificationsChanged, ({ userId, unreadCount, notificationIds }) =>
        push.toUserHere(userId, { type: 'notification', unreadCount, notificationIds }),
      ),
    ],
  });
}
