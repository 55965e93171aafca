/** Every query about notifications starts with this (a lost connection makes them all stale). */
export const notificationsKey = ['notifications'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
export const notificationsUnreadKey = [...notificationsKey, 'unread-count'] as const;
