import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/api/client';
import { useCurrentUser } from '@/api/current-user';
import { adminKeys } from '@/api/query-keys';
import { useSocketStatus } from '@/realtime/socket';
import { adminQueryDefaults, useFallbackPolling } from './live';
import type { AdminCounts } from './types';

/**
 * `['admin', 'counts']`: the admin pushes (new report, verification, feedback...) invalidate it
 * (push-handlers.ts), so the counts follow them without polling.
 */
export const adminCountsKey = adminKeys.counts;

/** Admin counts are polled every 3 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 3_000;

export const getAdminCounts = (signal?: AbortSignal) => api<AdminCounts>('/api/admin/counts', { signal });

export const adminCountsQueryOptions = () =>
  queryOptions({ queryKey: adminCountsKey, queryFn: ({ signal }) => getAdminCounts(signal), ...adminQueryDefaults });

/** The admin's pending work: posts and verifications waiting, and reported posts (the admin entry's badge). */
export const pendingWork = (counts: AdminCounts) =>
  counts.pendingPosts + counts.pendingVerifications + counts.openReports;

/**
 * The counts for the signed-in admin; never asked for anyone else (the data stays undefined). Polled every 3 s
 * only while the socket is down; coming back after a loss, pushes may have been missed, so it asks once.
 */
export function useAdminCounts() {
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const status = useSocketStatus();
  const refetchInterval = useFallbackPolling(POLL_MS);
  const queryClient = useQueryClient();
  useEffect(() => {
    // Every badge asks through this hook: one request for all of them (cancelRefetch: false).
    if (isAdmin && status === 'restored')
      void queryClient.invalidateQueries({ queryKey: adminCountsKey }, { cancelRefetch: false });
  }, [isAdmin, status, queryClient]);
  return useQuery({
    ...adminCountsQueryOptions(),
    enabled: isAdmin,
    refetchInterval,
  });
}
