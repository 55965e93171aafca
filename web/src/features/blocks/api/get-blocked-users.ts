import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { BlockedUserRecord } from './types';

/** Blocking and unblocking (here or in another tab: a `blocks_updated` push) make this list stale. */
export const blockedUsersKey = ['blocks', 'blocked-users'] as const;

/** Whom the signed-in member blocked, newest first. */
export const getBlockedUsers = (signal?: AbortSignal) => api<BlockedUserRecord[]>('/api/blocked-users', { signal });

export const blockedUsersQueryOptions = () =>
  queryOptions({ queryKey: blockedUsersKey, queryFn: ({ signal }) => getBlockedUsers(signal) });

export function useBlockedUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...blockedUsersQueryOptions(), ...options });
}
