import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults } from './live';
import type { UsersPage, UsersQuery } from './types';

/** One page of every user, newest first, searched and filtered by the server. */
export const getUsers = (query: UsersQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({
    search: query.search,
    verification: query.verification,
    role: query.role,
    page: String(query.page),
    limit: String(query.limit),
  });
  return api<UsersPage>(`/api/admin/users?${params}`, { signal });
};

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...adminKeys.users, query],
    queryFn: ({ signal }) => getUsers(query, signal),
    ...adminQueryDefaults,
    // A paged list is not polled: pushes and the admin's own actions refresh it.
    refetchInterval: false,
    // The previous page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(query), ...options });
}
