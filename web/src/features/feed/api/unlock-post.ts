import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';
import { updateFeedItem } from './feed-cache';
import type { FeedItem } from './types';

/** `credits` is the new balance, `charged` what this unlock cost (0 when it was already paid). */
export type UnlockResult = { unlocked: true; credits: number; charged: number; item: FeedItem };

/** Pays the post's price and answers it whole. Too few credits is an ApiError 402 with the server's message. */
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
