import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { TestData } from './types';

/** Creates members awaiting verification to try the console on (404 in production). */
export const createTestUsers = () => api<TestData>('/api/admin/create-test-users', { method: 'POST' });

export function useCreateTestUsers(options: {
  onSuccess?: (answer: TestData) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestUsers,
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
