import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toFormData } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';
import type { UserResult } from '@/api/types';

export const uploadProfileImage = (image: File) =>
  api<UserResult>('/api/auth/profile-image', { method: 'POST', body: toFormData({ profileImage: image }) });

export function useUploadProfileImage(options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async (answer) => {
      await storeCurrentUser(queryClient, answer);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
