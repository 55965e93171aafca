import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh, removeFromLists } from './cache';
import type { Done, FeedbackItem } from './types';

/** An admin deletes a feedback. */
export const deleteFeedback = (feedbackId: string) =>
  api<Done>(`/api/feedback/${encodeURIComponent(feedbackId)}`, { method: 'DELETE' });

/** The feedback leaves the list at once, and comes back should the server refuse. */
export function useDeleteFeedback(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedback,
    onMutate: (feedbackId) =>
      removeFromLists<FeedbackItem>(queryClient, adminKeys.feedback, (item) => item.id === feedbackId),
    onError: (error, _feedbackId, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: () => refresh(queryClient, adminKeys.feedback, adminKeys.counts, adminKeys.stats, adminKeys.audit),
  });
}
