import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { PremiumGranted } from './types';

/** An admin grants `months` of premium (1, 2, 3, 6 or 12) to a member who is not an admin. */
export const adminGrantPremium = ({ userId, months }: { userId: string; months: number }) =>
  api<PremiumGranted>(`/api/admin/users/${encodeURIComponent(userId)}/grant-premium`, {
    method: 'POST',
    body: { months },
  });

/**
 * POST /api/admin/users/{id}/grant-premium from the admin's member card, its variables the months: the users list and
 * the member's profile are asked again (premium, its expiry and source).
 */
export function useAdminGrantPremium(
  userId: string,
  options: { onSuccess?: (answer: PremiumGranted) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (months: number) => adminGrantPremium({ userId, months }),
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.users, userKey(userId));
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
