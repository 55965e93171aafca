import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { UserResult } from '@/api/types';

export type LoginInput = { email: string; password: string };

export const login = (input: LoginInput) => api<UserResult>('/api/auth/login', { method: 'POST', body: input });

export function useLogin(options: { onSuccess?: (result: UserResult) => void; onError?: (error: Error) => void }) {
  return useMutation({ mutationFn: login, ...options });
}
