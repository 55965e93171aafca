import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditsResult } from '@tip/bff/contract';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { patchListedUser, patchMember, refresh } from './cache';

/** An admin adds (positive) or takes (negative) credits: whole, non-zero, −10000 to 10000; never below zero. */
export const adminAddCredits = ({ userId, amount }: { userId: string; amount: number }) =>
  api<CreditsResult>(`/api/admin/users/${encodeURIComponent(userId)}/add-credits`, {
    method: 'POST',
    body: { amount },
  });

/**
 * POST /api/admin/users/{id}/add-credits from the admin's member card: the balance the server answers becomes the one
 * the users list and the member's profile show.
 */
export function useAdminAddCredits(
  userId: string,
  options: { onSuccess?: (answer: CreditsResult) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => adminAddCredits({ userId, amount }),
    onSuccess: async (answer) => {
      await Promise.all([
        patchListedUser(queryClient, userId, (user) => ({ ...user, credits: answer.credits })),
        patchMember(queryClient, userId, (member) => ({ ...member, credits: answer.credits })),
      ]);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
