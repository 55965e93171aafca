import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/features/profile';

/** An admin ends a member's premium now. */
export const adminRevokePremium = (userId: string) =>
  api<{ message: string }>(`/api/admin/users/${encodeURIComponent(userId)}/revoke-premium`, { method: 'POST' });

export function useAdminRevokePremium(
  userId: string,
  options: { onSuccess?: (answer: { message: string }) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRevokePremium(userId),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: userKey(userId) });
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
