import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { Member } from '@/api/types';
import { userKey } from '@/features/profile';
import type { CreditsResult } from '@/features/wallet';

/** An admin adds (positive) or takes (negative) credits: whole, non-zero, −10000 to 10000; never below zero. */
export const adminAddCredits = ({ userId, amount }: { userId: string; amount: number }) =>
  api<CreditsResult>(`/api/admin/users/${encodeURIComponent(userId)}/add-credits`, {
    method: 'POST',
    body: { amount },
  });

export function useAdminAddCredits(
  userId: string,
  options: { onSuccess?: (answer: CreditsResult) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => adminAddCredits({ userId, amount }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Member>(userKey(userId), (member) =>
        member ? { ...member, credits: answer.credits } : member,
      );
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
