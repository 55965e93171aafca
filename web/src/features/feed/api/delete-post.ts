import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import { removeFeedItem } from './feed-cache';
import type { Done } from './types';

/** Deletes the post (its author or an admin; anyone else gets an ApiError 403). */
export const deletePost = (postId: string) =>
  api<Done>(`/api/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });

export function useDeletePost(
  postId: string,
  options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: (answer) => {
      removeFeedItem(queryClient, postId);
      void queryClient.invalidateQueries({ queryKey: feedsKey });
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
