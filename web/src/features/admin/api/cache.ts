import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { userKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import type { Member } from '@/api/types';
import type { AdminUser, UsersPage } from './types';

/** Puts back what an optimistic change replaced. */
export type Rollback = () => void;

/**
 * Takes the items matching `drop` out of the cached lists under `queryKey` at once (after stopping their fetches in
 * flight, which would bring them back), and answers how to put them back should the server refuse.
 */
export async function removeFromLists<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  drop: (item: T) => boolean,
): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey });
  const before = queryClient.getQueriesData<T[]>({ queryKey });
  queryClient.setQueriesData<T[]>({ queryKey }, (list) => list?.filter((item) => !drop(item)));
  return () => before.forEach(([key, list]) => queryClient.setQueryData(key, list));
}

/** Changes (or, answering null, removes) a user wherever the cached pages of the users list show them. */
export async function patchListedUser(
  queryClient: QueryClient,
  userId: string,
  change: (user: AdminUser) => AdminUser | null,
): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey: adminKeys.users });
  const before = queryClient.getQueriesData<UsersPage>({ queryKey: adminKeys.users });
  queryClient.setQueriesData<UsersPage>({ queryKey: adminKeys.users }, (page) => {
    if (!page) return page;
    const users = page.users.flatMap((user) => {
      if (user.id !== userId) return [user];
      const changed = change(user);
      return changed ? [changed] : [];
    });
    return { ...page, users, total: page.total - (page.users.length - users.length) };
  });
  return () => before.forEach(([key, page]) => queryClient.setQueryData(key, page));
}

/** Changes the member as their profile shows them, when it is cached. */
export async function patchMember(
  queryClient: QueryClient,
  userId: string,
  change: (member: Member) => Member,
): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey: userKey(userId) });
  const before = queryClient.getQueryData<Member>(userKey(userId));
  if (before) queryClient.setQueryData<Member>(userKey(userId), change(before));
  return () => queryClient.setQueryData(userKey(userId), before);
}

/** Makes each of these queries stale (the visible ones fetch again). */
export const refresh = (queryClient: QueryClient, ...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
