import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const deleteAccount = () => api<unknown>('/api/users/account', { method: 'DELETE' });

/** After the deletion the session is gone server-side; the caller then leaves through /api/logout. */
export function useDeleteAccount(options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  return useMutation({ mutationFn: deleteAccount, ...options });
}
