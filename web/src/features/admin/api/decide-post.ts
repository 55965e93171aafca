import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { refresh, removeFromLists } from './cache';
import type { PostDecided, PendingPostItem } from './types';

export type PostDecision = { postId: string; status: 'approved' | 'rejected'; reason?: string };

/** Approves a pending post, or rejects it with a reason (the chosen reasons joined with ', '). */
export const decidePost = ({ postId, status, reason }: PostDecision) =>
  api<PostDecided>(`/api/admin/posts/${encodeURIComponent(postId)}/status`, {
    method: 'PATCH',
    body: reason === undefined ? { status } : { status, reason },
  });

/** The post leaves the pending list at once, and comes back should the server refuse. */
export function useDecidePost(options: {
  onSuccess?: (answer: PostDecided) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePost,
    onMutate: ({ postId }) =>
      removeFromLists<PendingPostItem>(queryClient, adminKeys.pendingPosts, (item) => item.post.id === postId),
    onError: (error, _decision, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: () =>
      refresh(queryClient, adminKeys.pendingPosts, adminKeys.counts, adminKeys.stats, adminKeys.audit, feedsKey),
  });
}
