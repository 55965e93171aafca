import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlockResult } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';
import { updateFeedItem } from './feed-cache';

/**
 * Pays the post's price and answers it whole (UnlockResult: `credits` is the new balance, `charged` what this unlock
 * cost, 0 when it was already paid). Too few credits is an ApiError 402 with the server's message. */
export const unlockPost = (postId: string) =>
  api<UnlockResult>(`/api/posts/${encodeURIComponent(postId)}/unlock`, { method: 'POST' });

export function useUnlockPost(
  postId: string,
  options: { onSuccess?: (answer: UnlockResult) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlockPost(postId),
    onSuccess: (answer) => {
      updateFeedItem(queryClient, postId, () => answer.item);
      storeCurrentUserCredits(queryClient, answer.credits);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
