import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedsKey } from '@/api/query-keys';
import type { CursorPage } from '@/api/types';
import type { FeedItem } from './types';

type FeedData = InfiniteData<CursorPage<FeedItem>, string | null>;

const mapItems = (data: FeedData | undefined, map: (items: FeedItem[]) => FeedItem[]) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };

/** Changes the post `postId` wherever a cached feed shows it. */
export function updateFeedItem(queryClient: QueryClient, postId: string, update: (item: FeedItem) => FeedItem) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedsKey }, (data) =>
    mapItems(data, (items) => items.map((item) => (item.post.id === postId ? update(item) : item))),
  );
}

/** Takes the post `postId` out of every cached feed. */
export function removeFeedItem(queryClient: QueryClient, postId: string) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedsKey }, (data) =>
    mapItems(data, (items) => items.filter((item) => item.post.id !== postId)),
  );
}

/** The cached feeds as they are now, and the way to put them back (an optimistic change that failed). */
export function snapshotFeeds(queryClient: QueryClient) {
  const saved = queryClient.getQueriesData<FeedData>({ queryKey: feedsKey });
  return () => saved.forEach(([queryKey, data]) => queryClient.setQueryData(queryKey, data));
}
