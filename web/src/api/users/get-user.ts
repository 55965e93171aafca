import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { Member } from '@/api/types';

export const userKey = (id: string) => ['users', id] as const;

/**
 * A member as the BFF lets this viewer see them: for someone else the private fields (email, Telegram, verification
 * notes and photo) come back null, and the balance too unless the viewer is an admin. A missing or deleted user is
 * an ApiError 404 with the server's message.
 */
export const getUser = (id: string, signal?: AbortSignal) =>
  api<Member>(`/api/user/${encodeURIComponent(id)}`, { signal });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
