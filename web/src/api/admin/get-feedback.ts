import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/api/admin/keys';
import { adminQueryDefaults, useFallbackPolling } from '@/api/admin/live';
import type { FeedbackItem } from '@/api/admin/types';
import { api } from '@/api/client';

/** Feedback is refetched every 5 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 5_000;

/** Every feedback received, newest first (admins only). */
export const getFeedback = (signal?: AbortSignal) => api<FeedbackItem[]>('/api/feedback', { signal });

export const feedbackQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.feedback, queryFn: ({ signal }) => getFeedback(signal), ...adminQueryDefaults });

export function useFeedback() {
  const refetchInterval = useFallbackPolling(POLL_MS);
  return useQuery({ ...feedbackQueryOptions(), refetchInterval });
}
