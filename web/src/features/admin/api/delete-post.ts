import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { refresh, removeFromLists } from './cache';
import type { Done, PendingPostItem } from './types';

/** An admin deletes a post (pending, or the subject of reports), with its media, likes and comments. */
export const adminDeletePost = (postId: string) =>
  api<Done>(`/api/admin/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });

/** A pending post leaves its list at once, and comes back should the server refuse. */
export function useAdminDeletePost(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminDeletePost,
    onMutate: (postId) =>
      removeFromLists<PendingPostItem>(queryClient, adminKeys.pendingPosts, (item) => item.post.id === postId),
    onError: (error, _postId, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: () =>
      refresh(
        queryClient,
        adminKeys.pendingPosts,
        adminKeys.reports,
        adminKeys.counts,
        adminKeys.stats,
        adminKeys.audit,
        feedsKey,
      ),
  });
}
