import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toFormData } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';
import type { UserResult } from '@/api/types';

export const resubmitVerification = (photo: File) =>
  api<UserResult>('/api/users/resubmit-verification', {
    method: 'POST',
    body: toFormData({ verificationPhoto: photo }),
  });

export function useResubmitVerification(options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitVerification,
    onSuccess: async (answer) => {
      await storeCurrentUser(queryClient, answer);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
