import { useMutation } from '@tanstack/react-query';
import type { Done } from '@tip/bff/contract';
import { api } from '@/api/client';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const forgotPassword = (input: { email: string }) =>
  api<Done>('/api/auth/password/forgot', { method: 'POST', body: input });

export function useForgotPassword(options: { onSuccess?: (result: Done) => void; onError?: (error: Error) => void }) {
  return useMutation({ mutationFn: forgotPassword, ...options });
}
