import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import type { ReportReason } from '@/lib/rules';
import type { Done } from './types';

export type ReportInput = { postId: string; reason: ReportReason; description?: string };

/**
 * Reports someone else's post. Refusals are ApiErrors with the server's message: 400 without a reason, 400/403 on
 * one's own post, 409 when the member already has an open report on it.
 */
export const reportPost = ({ postId, reason, description }: ReportInput) => {
  const text = description?.trim();
  return api<Done>(`/api/posts/${encodeURIComponent(postId)}/report`, {
    method: 'POST',
    body: text ? { reason, description: text } : { reason },
  });
};

export function useReportPost(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportPost,
    onSuccess: (answer) => {
      options.onSuccess?.(answer);
      // An admin reporting sees the report at once (nobody else has these cached).
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
    },
    onError: options.onError,
  });
}
