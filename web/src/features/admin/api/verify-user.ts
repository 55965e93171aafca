import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh, removeFromLists } from './cache';
import type { AdminUser, VerificationDecided } from './types';

export type VerificationDecision = { userId: string; status: 'approved' | 'rejected'; reason?: string };

/** Approves a member's verification photo, or rejects it with a reason (the chosen reasons joined with ', '). */
export const verifyUser = ({ userId, status, reason }: VerificationDecision) =>
  api<VerificationDecided>(`/api/admin/users/${encodeURIComponent(userId)}/verify`, {
    method: 'PUT',
    body: reason === undefined ? { status } : { status, reason },
  });

/** The member leaves the pending list at once, and comes back should the server refuse. */
export function useVerifyUser(options: {
  onSuccess?: (answer: VerificationDecided) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    onMutate: ({ userId }) =>
      removeFromLists<AdminUser>(queryClient, adminKeys.pendingUsers, (user) => user.id === userId),
    onError: (error, _decision, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: () =>
      refresh(queryClient, adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats, adminKeys.audit),
  });
}
