import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { Done } from './types';

/** An admin ends a member's premium now. */
export const adminRevokePremium = (userId: string) =>
  api<Done>(`/api/admin/users/${encodeURIComponent(userId)}/revoke-premium`, { method: 'POST' });

/** POST /api/admin/users/{id}/revoke-premium from the admin's member card: the users list and the profile follow. */
export function useAdminRevokePremium(
  userId: string,
  options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRevokePremium(userId),
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.users, userKey(userId));
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
