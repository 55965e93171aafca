import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackSent } from '@tip/bff/contract';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import type { FeedbackType } from '@/lib/rules';

export type FeedbackInput = { type: FeedbackType; message: string };

/** Sends the member's feedback (the message trimmed, 1 to 1000 characters). */
export const submitFeedback = ({ type, message }: FeedbackInput) =>
  api<FeedbackSent>('/api/feedback', { method: 'POST', body: { type, message: message.trim() } });

export function useSubmitFeedback(options: {
  onSuccess?: (answer: FeedbackSent) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: (answer) => {
      options.onSuccess?.(answer);
      // An admin sending feedback sees it in the list and the badge at once (others have neither cached).
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedback });
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
    },
    onError: options.onError,
  });
}
