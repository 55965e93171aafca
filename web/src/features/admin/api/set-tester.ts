import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import { patchListedUser, patchMember, refresh } from './cache';
import type { TesterSet } from './types';

/** Flags a member (never an admin) as a tester, or takes the flag away. */
export const setTester = ({ userId, isTester }: { userId: string; isTester: boolean }) =>
  api<TesterSet>(`/api/admin/users/${encodeURIComponent(userId)}/tester`, { method: 'PUT', body: { isTester } });

/** The switch moves at once, and back should the server refuse. */
export function useSetTester(options: { onSuccess?: (answer: TesterSet) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTester,
    onMutate: async ({ userId, isTester }) => {
      const rollbacks = await Promise.all([
        patchListedUser(queryClient, userId, (user) => ({ ...user, isTester })),
        patchMember(queryClient, userId, (member) => ({ ...member, isTester })),
      ]);
      return () => rollbacks.forEach((rollback) => rollback());
    },
    onError: (error, _change, rollback) => {
      rollback?.();
      options.onError?.(error);
    },
    onSuccess: (answer) => options.onSuccess?.(answer),
    onSettled: (_answer, _error, { userId }) => refresh(queryClient, adminKeys.users, adminKeys.audit, userKey(userId)),
  });
}
