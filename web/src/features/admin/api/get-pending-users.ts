import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults, useFallbackPolling } from './live';
import type { PendingUser } from './types';

const POLL_MS = 5_000;

/** Members whose verification photo waits for a decision, oldest submission first. */
export const getPendingUsers = (signal?: AbortSignal) => api<PendingUser[]>('/api/admin/pending-users', { signal });

export const pendingUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pendingUsers,
    queryFn: ({ signal }) => getPendingUsers(signal),
    ...adminQueryDefaults,
  });

export function usePendingUsers() {
  const refetchInterval = useFallbackPolling(POLL_MS);
  return useQuery({ ...pendingUsersQueryOptions(), refetchInterval });
}
