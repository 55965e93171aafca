import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';
import type { UserResult } from '@/api/types';

export const updateProfile = (fields: Record<string, unknown>) =>
  api<UserResult>('/api/auth/profile', { method: 'PUT', body: fields });

export function useUpdateProfile(options: {
  onSuccess?: (answer: UserResult) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      await storeCurrentUser(queryClient, answer);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
