import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { FeedPage } from '@tip/bff/contract';
import { apiWithHeaders } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import type { CursorPage } from '@/api/types';
import { preloadFirstPhoto } from '../lib/post-photo';
import type { FeedItem, PostCategory } from './types';

/** One feed: `all` or a category. */
export const feedKey = (category: PostCategory | 'all') => [...feedsKey, category] as const;

export const FEED_PAGE_SIZE = 20;

/** One page of the feed, newest first; the next page's cursor arrives in the `X-Next-Cursor` header. */
export async function getFeedPage(
  category: PostCategory | 'all',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<FeedItem>> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const path = category === 'all' ? '/api/posts/feed' : `/api/posts/category/${encodeURIComponent(category)}`;
  const { data, headers } = await apiWithHeaders<FeedPage>(`${path}?${query}`, { signal });
  return { items: data, nextCursor: headers.get('X-Next-Cursor') || null };
}

export const feedQueryOptions = (category: PostCategory | 'all') =>
  infiniteQueryOptions({
    queryKey: feedKey(category),
    queryFn: ({ pageParam, signal }) => getFeedPage(category, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Asks for a feed's first page before the feed renders (the member's screens, still loading, will show it), and for
 * its first photo as soon as the page is here.
 */
export function prefetchFeed(queryClient: QueryClient, category: PostCategory | 'all') {
  void queryClient
    .prefetchInfiniteQuery(feedQueryOptions(category))
    .then(() => preloadFirstPhoto(queryClient.getQueryData(feedQueryOptions(category).queryKey)?.pages[0]?.items[0]));
}

export function useFeed(category: PostCategory | 'all') {
  return useInfiniteQuery(feedQueryOptions(category));
}
