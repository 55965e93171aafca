import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults, useFallbackPolling } from './live';
import type { ReportGroup } from './types';

/** Reports are refetched every 5 s only while the realtime connection is down (docs/product.md#live-updates). */
const POLL_MS = 5_000;

/** Post reports grouped per post, newest activity first. */
export const getReports = (signal?: AbortSignal) => api<ReportGroup[]>('/api/admin/reports', { signal });

export const reportsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.reports, queryFn: ({ signal }) => getReports(signal), ...adminQueryDefaults });

export function useReports() {
  const refetchInterval = useFallbackPolling(POLL_MS);
  return useQuery({ ...reportsQueryOptions(), refetchInterval });
}
