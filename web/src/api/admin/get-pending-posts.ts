import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/api/admin/keys';
import { adminQueryDefaults, useFallbackPolling } from '@/api/admin/live';
import type { PendingPostItem } from '@/api/admin/types';
import { api } from '@/api/client';

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
