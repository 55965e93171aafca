import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refresh } from '@/api/admin/cache';
import type { TestDataAnswer } from '@/api/admin/create-test-users';
import { adminKeys } from '@/api/admin/keys';
import { api } from '@/api/client';

/** Creates posts awaiting approval to try the console on (404 in production). */
export const createTestPosts = () => api<TestDataAnswer>('/api/admin/create-test-posts', { method: 'POST' });

export function useCreateTestPosts(options: {
  onSuccess?: (answer: TestDataAnswer) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestPosts,
    onSuccess: async (answer) => {
      await refresh(queryClient, adminKeys.pendingPosts, adminKeys.counts, adminKeys.stats);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
