import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelegramReveal } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';

/**
 * Pays to see the author's Telegram username (TelegramReveal: `charged` is 0 after the first time, `credits` the
 * viewer's balance). Too few credits is an ApiError 402 with the server's message. */
export const revealTelegram = (postId: string) =>
  api<TelegramReveal>(`/api/posts/${encodeURIComponent(postId)}/telegram`, { method: 'POST' });

export function useRevealTelegram(
  postId: string,
  options: { onSuccess?: (answer: TelegramReveal) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revealTelegram(postId),
    onSuccess: (answer) => {
      storeCurrentUserCredits(queryClient, answer.credits);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
