import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResult } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';
import { sessionsKey } from './sessions';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api<UserResult>('/api/auth/password/change', { method: 'POST', body });

/** A new password: the other sessions end, so the list of sessions is asked again. */
export function useChangePassword(options: { onSuccess: (message: string) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      await storeCurrentUser(queryClient, answer);
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      options.onSuccess(answer.message ?? '');
    },
    onError: options.onError,
  });
}
