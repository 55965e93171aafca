import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults } from './live';
import type { AdminStats } from './types';

/** The stats are kept for 30 s (pushes make them stale sooner). */
const STALE_MS = 30_000;

/** The Panoramica tab's figures. */
export const getAdminStats = (signal?: AbortSignal) => api<AdminStats>('/api/admin/stats', { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => getAdminStats(signal),
    ...adminQueryDefaults,
    staleTime: STALE_MS,
    refetchInterval: false,
  });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

/** Whether this server makes test data (ENABLE_TEST_DATA outside production): the buttons show only then. */
export function useTestDataOffered() {
  return useQuery({ ...adminStatsQueryOptions(), select: (stats) => stats.testData }).data === true;
}
