import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults, useFallbackPolling } from './live';
import type { PendingPostItem } from './types';

const POLL_MS = 5_000;

/** Posts waiting for a decision, oldest first. */
export const getPendingPosts = (signal?: AbortSignal) => api<PendingPostItem[]>('/api/admin/pending-posts', { signal });

export const pendingPostsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pendingPosts,
    queryFn: ({ signal }) => getPendingPosts(signal),
    ...adminQueryDefaults,
  });

export function usePendingPosts() {
  const refetchInterval = useFallbackPolling(POLL_MS);
  return useQuery({ ...pendingPostsQueryOptions(), refetchInterval });
}
