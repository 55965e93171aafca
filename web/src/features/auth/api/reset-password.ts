import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { UserResult } from '@/api/types';

/** The new password with the link's token: signs this browser in, and every other session out. */
export const resetPassword = (input: { token: string; password: string }) =>
  api<UserResult>('/api/auth/password/reset', { method: 'POST', body: input });

export function useResetPassword(options: {
  onSuccess?: (result: UserResult) => void;
  onError?: (error: Error) => void;
}) {
  return useMutation({ mutationFn: resetPassword, ...options });
}
