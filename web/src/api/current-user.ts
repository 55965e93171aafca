import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/api/client';
import { currentUserKey } from '@/api/query-keys';
import type { User } from '@/api/types';

/** The signed-in user, or null for a visitor (401). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api<User>('/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: getCurrentUser,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  });

/** Starts asking who is signed in before anything renders (the app's start), for useCurrentUser to find answered. */
export function prefetchCurrentUser(queryClient: QueryClient) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
}

/**
 * `user` is null for a visitor. A call that fails for another reason (server down) also counts as a visitor, so
 * the landing page always renders.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data ?? null };
}

/** Profile changes answer with the updated user: keep it, or refetch when an answer carries none. */
export async function storeCurrentUser(queryClient: QueryClient, answer: { user?: User }) {
  if (answer.user) queryClient.setQueryData(currentUserKey, answer.user);
  else await queryClient.invalidateQueries({ queryKey: currentUserKey });
}

/**
 * The signed-in member's balance changed (a `credits_updated` push, or the answer of their own grant or purchase):
 * patch the cached user rather than refetch it.
 */
export function storeCurrentUserCredits(queryClient: QueryClient, credits: number) {
  queryClient.setQueryData<User | null>(currentUserKey, (user) => (user ? { ...user, credits } : user));
}
