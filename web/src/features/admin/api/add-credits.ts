import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditsResult } from '@/features/wallet';
import { adminAddCredits } from './admin-add-credits';
import { patchListedUser, refresh } from './cache';
import { adminKeys } from './keys';

/**
 * POST /api/admin/users/{id}/add-credits from the users list (the fetcher is the wallet's, shared with the profile's
 * admin card): the listed balance becomes the one the server answers.
 */
export function useAdminListAddCredits(options: {
  onSuccess?: (answer: CreditsResult) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminAddCredits,
    onSuccess: async (answer, { userId }) => {
      await patchListedUser(queryClient, userId, (user) => ({ ...user, credits: answer.credits }));
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
