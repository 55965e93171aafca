import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import type { CursorPage } from '@/api/types';
import type { FeedItem } from './types';

/**
 * One post, as a feed of one: kept among the feeds and shaped like them, so that a like, a comment, an unlock or a
 * `feed_updated` push changes it as it changes the post in any feed (feed-cache.ts).
 */
export const postKey = (postId: string) => [...feedsKey, 'post', postId] as const;

export async function getPost(
  postId: string,
  signal?: AbortSignal,
): Promise<InfiniteData<CursorPage<FeedItem>, string | null>> {
  const item = await api<FeedItem>(`/api/posts/${encodeURIComponent(postId)}`, { signal });
  return { pages: [{ items: [item], nextCursor: null }], pageParams: [null] };
}

export function usePost(postId: string) {
  return useQuery({ queryKey: postKey(postId), queryFn: ({ signal }) => getPost(postId, signal) });
}
