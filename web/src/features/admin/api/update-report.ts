import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { Done } from './types';

export type ReportChange = { reportId: string; status: 'in_review' | 'resolved'; adminNotes?: string };

/** Takes every open report of the post into review, or resolves them (final), with the admin's note. */
export const updateReport = ({ reportId, status, adminNotes }: ReportChange) =>
  api<Done>(`/api/admin/reports/${encodeURIComponent(reportId)}`, {
    method: 'PUT',
    body: adminNotes === undefined ? { status } : { status, adminNotes },
  });

export function useUpdateReport(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.reports);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.reports, adminKeys.counts, adminKeys.stats, adminKeys.audit),
  });
}
