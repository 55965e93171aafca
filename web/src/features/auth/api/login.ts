import { useMutation } from '@tanstack/react-query';
import type { SecondStepNeeded } from '@tip/bff/contract';
import { api } from '@/api/client';
import type { UserResult } from '@/api/types';

export type LoginInput = { email: string; password: string };
/** Signed in, or (a member with a second factor) the password was right and the second step is owed. */
export type LoginAnswer = UserResult | SecondStepNeeded;

export const login = (input: LoginInput) => api<LoginAnswer>('/api/auth/login', { method: 'POST', body: input });

export function useLogin(options: { onSuccess?: (result: LoginAnswer) => void; onError?: (error: Error) => void }) {
  return useMutation({ mutationFn: login, ...options });
}
