import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiWithHeaders } from '@/api/client';
import { threadKey } from '@/api/messages/keys';
import type { ThreadItem, ThreadPage } from '@/api/messages/types';
import { isRealtimeConnected } from '@/realtime/socket';

export const THREAD_PAGE_SIZE = 30;
/** Spec: an open thread is polled every 1 s; here only while the realtime connection is down. */
const POLL_MS = 1_000;

/** One page of the conversation with `otherUserId`, newest first; older messages via the `X-Next-Cursor` header. */
export async function getThreadPage(otherUserId: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const { data, headers } = await apiWithHeaders<ThreadItem[]>(
    `/api/messages/${encodeURIComponent(otherUserId)}?${query}`,
    { signal },
  );
  return { items: data, nextCursor: headers.get('X-Next-Cursor') || null } satisfies ThreadPage;
}

export const threadQueryOptions = (otherUserId: string) =>
  infiniteQueryOptions({
    queryKey: threadKey(otherUserId),
    queryFn: ({ pageParam, signal }) => getThreadPage(otherUserId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: () => (isRealtimeConnected() ? false : POLL_MS),
  });

export function useThread(otherUserId: string) {
  return useInfiniteQuery(threadQueryOptions(otherUserId));
}
