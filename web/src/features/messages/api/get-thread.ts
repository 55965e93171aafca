import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ThreadPage } from '@tip/bff/contract';
import { apiWithHeaders } from '@/api/client';
import type { CursorPage } from '@/api/types';
import { isRealtimeConnected } from '@/realtime/socket';
import { threadKey } from './keys';
import { chatKey, type Chat, type ThreadItem } from './types';

export const THREAD_PAGE_SIZE = 30;
/** An open thread is polled every 1 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 1_000;

/** Where a conversation is read: with a member, or through an anonymous post (`with` the member, for its author). */
function threadPath({ userId, postId }: Chat, query: URLSearchParams) {
  if (!postId) return `/api/messages/${encodeURIComponent(userId ?? '')}?${query}`;
  if (userId) query.set('with', userId);
  return `/api/messages/post/${encodeURIComponent(postId)}?${query}`;
}

/** One page of the conversation, newest first; older messages via the `X-Next-Cursor` header. */
export async function getThreadPage(chat: Chat, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const { data, headers } = await apiWithHeaders<ThreadPage>(threadPath(chat, query), { signal });
  return { items: data, nextCursor: headers.get('X-Next-Cursor') || null } satisfies CursorPage<ThreadItem>;
}

export const threadQueryOptions = (chat: Chat) =>
  infiniteQueryOptions({
    queryKey: threadKey(chatKey(chat)),
    queryFn: ({ pageParam, signal }) => getThreadPage(chat, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: () => (isRealtimeConnected() ? false : POLL_MS),
  });

export function useThread(chat: Chat) {
  return useInfiniteQuery(threadQueryOptions(chat));
}
