import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { userKey } from '@/api/query-keys';
import { blockedUsersKey } from './get-blocked-users';
import type { BlockedUserRecord, Done } from './types';

/** Lifts the member's block on `userId`; unblocking someone not blocked is no error. */
export const unblockUser = (userId: string) =>
  api<Done>(`/api/users/${encodeURIComponent(userId)}/block`, { method: 'DELETE' });

/**
 * On success the member leaves the cached list at once, then the list is fetched again, and their profile, which
 * answered 'not found' while the block stood.
 */
export function useUnblockUser(options: { onSuccess?: (answer: Done) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: async (answer, userId) => {
      queryClient.setQueryData<BlockedUserRecord[]>(blockedUsersKey, (list) =>
        list?.filter((record) => record.blockedUserId !== userId),
      );
      options.onSuccess?.(answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedUsersKey }),
        queryClient.invalidateQueries({ queryKey: userKey(userId) }),
      ]);
    },
    onError: options.onError,
  });
}
