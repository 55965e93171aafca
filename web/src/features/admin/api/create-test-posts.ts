import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { refresh } from './cache';
import type { TestData } from './types';

/** Creates posts awaiting approval to try the console on (404 in production). */
export const createTestPosts = () => api<TestData>('/api/admin/create-test-posts', { method: 'POST' });

export function useCreateTestPosts(options: {
  onSuccess?: (answer: TestData) => void;
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
