import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { UserResult } from '@/api/types';

/** The 6-digit code (the signed-in member's) or the token of the mail's link. */
export type EmailConfirmationInput = { code: string } | { token: string };

export const confirmEmail = (input: EmailConfirmationInput) =>
  api<UserResult>('/api/auth/email/confirm', { method: 'POST', body: input });

export function useConfirmEmail(options: {
  onSuccess?: (result: UserResult) => void;
  onError?: (error: Error) => void;
}) {
  return useMutation({ mutationFn: confirmEmail, ...options });
}
