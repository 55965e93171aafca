import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { postsKey } from '@/api/query-keys';
import type { CommentItem } from './types';

/** A post's comments; a `post_updated` push about the post makes them stale. */
export const commentsKey = (postId: string) => [...postsKey, 'comments', postId] as const;

/** Every comment of the post, oldest first. */
export const getComments = (postId: string, signal?: AbortSignal) =>
  api<CommentItem[]>(`/api/posts/${encodeURIComponent(postId)}/comments`, { signal });

export const commentsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: commentsKey(postId), queryFn: ({ signal }) => getComments(postId, signal) });

/** Loads the whole list only once `enabled` (the card shows the newest three until then). */
export function useComments(postId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(postId), enabled });
}
