import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/api/client';
import { userKey } from '@/api/query-keys';
import type { Member } from '@/api/types';

/**
 * A member as the BFF lets this viewer see them: for someone else the private fields (email, Telegram, verification
 * notes and photo) come back null, and the balance too unless the viewer is an admin. A missing user is an ApiError
 * 404, a deleted one 410 ('Utente eliminato'), with the server's message.
 */
export const getUser = (id: string, signal?: AbortSignal) =>
  api<Member>(`/api/user/${encodeURIComponent(id)}`, { signal });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

/** `id` null: nobody to look up (the unnamed author of an anonymous post), and the query stays idle. */
export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}

/** True when the lookup failed because the member deleted their account (410). */
export const isDeletedMember = (error: unknown) => error instanceof ApiError && error.status === 410;

/** A pushed presence change, applied to the member when they are in the cache (no request). */
export function storeUserPresence(queryClient: QueryClient, userId: string, isOnline: boolean) {
  queryClient.setQueryData<Member>(userKey(userId), (member) => member && { ...member, isOnline });
}
