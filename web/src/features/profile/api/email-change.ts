import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Done, UserResult } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeCurrentUser } from '@/api/current-user';

export const requestEmailChange = (body: { newEmail: string; currentPassword: string }) =>
  api<UserResult>('/api/auth/email/change', { method: 'POST', body });

export const cancelEmailChange = () => api<UserResult>('/api/auth/email/change', { method: 'DELETE' });

/** The code the new address received: the signed-in member's pending confirmation takes it. */
export const confirmEmailChange = (code: string) =>
  api<UserResult>('/api/auth/email/confirm', { method: 'POST', body: { code } });

/** A new code to the new address (the earlier one stops counting). */
export const resendEmailChange = () => api<Done>('/api/auth/email/resend', { method: 'POST', body: {} });

interface Callbacks {
  onSuccess: (message: string) => void;
  onError: (error: Error) => void;
}

/**
 * The change of address, from asking to confirming or dropping it: each answer that carries the member is kept as the
 * signed-in user (its email and pendingEmail), and its message handed on.
 */
export function useEmailChange({ onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  const storing = async (answer: UserResult) => {
    await storeCurrentUser(queryClient, answer);
    onSuccess(answer.message ?? '');
  };
  return {
    request: useMutation({ mutationFn: requestEmailChange, onSuccess: storing, onError }),
    confirm: useMutation({ mutationFn: confirmEmailChange, onSuccess: storing, onError }),
    cancel: useMutation({ mutationFn: cancelEmailChange, onSuccess: storing, onError }),
    resend: useMutation({ mutationFn: resendEmailChange, onSuccess: (answer) => onSuccess(answer.message), onError }),
  };
}
