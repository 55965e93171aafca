import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGrantPremium, type PremiumGrantResult } from './admin-grant-premium';
import { refresh } from './cache';
import { adminKeys } from './keys';

/** POST /api/admin/users/{id}/grant-premium from the users list (the fetcher is the wallet's); its variables the months. */
export function useAdminListGrantPremium(
  userId: string,
  options: { onSuccess?: (answer: PremiumGrantResult) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (months: number) => adminGrantPremium({ userId, months }),
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.users);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
