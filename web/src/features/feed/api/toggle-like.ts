import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '@tip/bff/contract';
import { api } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import { snapshotFeeds, updateFeedItem } from './feed-cache';

/** Likes the post, or takes the like back. An unapproved member gets an ApiError 403. */
export const toggleLike = (postId: string) =>
  api<LikeState>(`/api/posts/${encodeURIComponent(postId)}/like`, { method: 'POST' });

/** The like shows at once and is taken back when the server refuses it. */
export function useToggleLike(postId: string, options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(postId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: feedsKey });
      const restore = snapshotFeeds(queryClient);
      updateFeedItem(queryClient, postId, (item) => ({
        ...item,
        isLiked: !item.isLiked,
        likeCount: Math.max(0, item.likeCount + (item.isLiked ? -1 : 1)),
      }));
      return { restore };
    },
    onError: (error, _variables, context) => {
      context?.restore();
      options.onError?.(error);
    },
    onSuccess: (state) =>
      updateFeedItem(queryClient, postId, (item) => ({ ...item, isLiked: state.liked, likeCount: state.likeCount })),
  });
}
