/** Every query about notifications starts with this (a lost connection makes them all stale). */
export const notificationsKey = ['notifications'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
export const notificationsUnreadKey = [...notificationsKey, 'unread-count'] as const;
/** Outside notificationsKey: only the member's own saves change them, so a lost connection has nothing to poll. */
export const notificationPreferencesKey = ['notification-preferences'] as const;
