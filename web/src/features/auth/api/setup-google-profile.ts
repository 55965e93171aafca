import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toFormData } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';
import type { UserResult } from '@/api/types';

export const setupGoogleProfile = ({ fields, photo }: { fields: Record<string, unknown>; photo: File }) =>
  api<UserResult>('/api/auth/setup-google-profile', {
    method: 'POST',
    body: toFormData({ ...fields, verificationPhoto: photo }),
  });

export function useSetupGoogleProfile(options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupGoogleProfile,
    onSuccess: async (answer) => {
      await storeCurrentUser(queryClient, answer);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
