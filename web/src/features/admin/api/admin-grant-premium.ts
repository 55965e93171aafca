import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/features/profile';

export type PremiumGrantResult = { message: string; premiumSubscriptionExpiry: string };

/** An admin grants `months` of premium (1, 2, 3, 6 or 12) to a member who is not an admin. */
export const adminGrantPremium = ({ userId, months }: { userId: string; months: number }) =>
  api<PremiumGrantResult>(`/api/admin/users/${encodeURIComponent(userId)}/grant-premium`, {
    method: 'POST',
    body: { months },
  });

export function useAdminGrantPremium(
  userId: string,
  options: { onSuccess?: (answer: PremiumGrantResult) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (months: number) => adminGrantPremium({ userId, months }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: userKey(userId) });
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
