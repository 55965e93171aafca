import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRevokePremium } from './admin-revoke-premium';
import { refresh } from './cache';
import { adminKeys } from './keys';

/** POST /api/admin/users/{id}/revoke-premium from the users list (the fetcher is the wallet's). */
export function useAdminListRevokePremium(options: {
  onSuccess?: (answer: { message: string }) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRevokePremium,
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.users);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
    onSettled: () => refresh(queryClient, adminKeys.audit),
  });
}
