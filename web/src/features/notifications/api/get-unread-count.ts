import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@tip/bff/contract';
import { api } from '@/api/client';
import { notificationsUnreadKey } from './keys';

/** How many of the member's notifications are unread, up to 100 (the bell shows 99+ past 99). */
export const getUnreadCount = (signal?: AbortSignal) => api<UnreadCount>('/api/notifications/unread-count', { signal });

// Asked once per page load; then each `notification` push carries the count (push-handlers.ts), and the default
// fallback polling runs only while the socket is down.
export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: notificationsUnreadKey, queryFn: ({ signal }) => getUnreadCount(signal) });

/** The bell's count. */
export function useNotificationsUnreadCount() {
  return useQuery({ ...unreadCountQueryOptions(), select: (answer) => answer.count });
}
