import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults, useFallbackPolling } from './live';
import type { FeedbackItem } from './types';

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
