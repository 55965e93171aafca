import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { patchListedUser, refresh, removeFromLists } from './cache';
import type { AdminUser, Done } from './types';

/** An admin deletes a member's account (never another admin's: 403). */
export const adminDeleteUser = (userId: string) =>
  api<Done>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

/** The member leaves the pending list and the users list at once, and comes back should the server refuse. */
export function useAdminDeleteUser(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminDeleteUser,
    onMutate: async (userId) => {
      const rollbacks = await Promise.all([
        removeFromLists<AdminUser>(queryClient, adminKeys.pendingUsers, (user) => user.id === userId),
        patchListedUser(queryClient, userId, () => null),
      ]);
      return () => rollbacks.forEach((rollback) => rollback());
    },
    onError: (error, _userId, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    // A profile showing the member asks again, and finds them deleted ('Utente eliminato').
    onSettled: (_answer, _error, userId) =>
      refresh(
        queryClient,
        adminKeys.pendingUsers,
        adminKeys.users,
        adminKeys.counts,
        adminKeys.stats,
        adminKeys.audit,
        userKey(userId),
      ),
  });
}
