import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { isRealtimeConnected } from '@/realtime/socket';
import { unreadCountKey } from './keys';

/** Polled every 3 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 3_000;

/** How many messages to the member are still unread. */
export const getUnreadCount = (signal?: AbortSignal) =>
  api<{ count: number }>('/api/messages/unread-count', { signal });

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
