import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { notificationListKey } from './keys';
import type { NotificationPage } from './types';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of the member's notifications, the most recently updated first, after `cursor` (the previous page's). */
export function getNotifications(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api<NotificationPage>(`/api/notifications?${query}`, { signal });
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The list, fetched while shown (the panel or the page); a push makes it stale. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
