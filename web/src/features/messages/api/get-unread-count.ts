import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { isRealtimeConnected } from '@/realtime/socket';
import { unreadCountKey } from './keys';
import type { UnreadCount } from './types';

/** Polled every 3 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 3_000;

/** How many messages to the member are still unread. */
export const getUnreadCount = (signal?: AbortSignal) => api<UnreadCount>('/api/messages/unread-count', { signal });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (answer) => answer.count,
    refetchInterval: () => (isRealtimeConnected() ? false : POLL_MS),
  });

/** The count for the badges (shown only inside the signed-in frame). */
export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
