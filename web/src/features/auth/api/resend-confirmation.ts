import { useMutation } from '@tanstack/react-query';
import type { Done } from '@tip/bff/contract';
import { api } from '@/api/client';

/** A new code and link for the signed-in member (the earlier ones stop counting). */
export const resendConfirmation = () => api<Done>('/api/auth/email/resend', { method: 'POST', body: {} });

export function useResendConfirmation(options: {
  onSuccess?: (result: Done) => void;
  onError?: (error: Error) => void;
}) {
  return useMutation({ mutationFn: resendConfirmation, ...options });
}
