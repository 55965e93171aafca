import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { Done, FeedbackItem, FeedbackStatus } from './types';

export type FeedbackChange = { feedbackId: string; status: FeedbackStatus };

/** Sets a feedback's status (pending, in review, resolved). */
export const updateFeedback = ({ feedbackId, status }: FeedbackChange) =>
  api<Done>(`/api/admin/feedback/${encodeURIComponent(feedbackId)}`, { method: 'PUT', body: { status } });

/** The new status shows at once, and the old one comes back should the server refuse. */
export function useUpdateFeedback(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeedback,
    onMutate: async ({ feedbackId, status }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.feedback });
      const before = queryClient.getQueryData<FeedbackItem[]>(adminKeys.feedback);
      queryClient.setQueryData<FeedbackItem[]>(adminKeys.feedback, (list) =>
        list?.map((item) => (item.id === feedbackId ? { ...item, status } : item)),
      );
      return () => queryClient.setQueryData(adminKeys.feedback, before);
    },
    onError: (error, _change, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: () => refresh(queryClient, adminKeys.feedback, adminKeys.counts, adminKeys.stats, adminKeys.audit),
  });
}
