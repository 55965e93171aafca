import type { PushHandlers } from '@/realtime/push';
import { notificationListKey, notificationsKey, notificationsUnreadKey } from './api/keys';

export const pushHandlers: PushHandlers = {
  events: {
    // The member's notifications changed: the bell takes the count it carries (no request), and the list, if shown,
    // fetches again.
    notification: {
      apply: (queryClient, event) => queryClient.setQueryData(notificationsUnreadKey, { count: event.unreadCount }),
      invalidates: [notificationListKey],
    },
  },
  // The count and the list are polled while the socket is down.
  onDisconnect: [notificationsKey],
};
