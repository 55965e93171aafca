import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { blockedUsersKey } from './get-blocked-users';
import type { BlockReason, BlockResult } from './types';

/** Blocks a member with a reason; blocking someone already blocked keeps the first block. */
export const blockUser = ({ userId, reason }: { userId: string; reason: BlockReason }) =>
  api<BlockResult>(`/api/users/${encodeURIComponent(userId)}/block`, { method: 'POST', body: { reason } });

export function useBlockUser(options: { onSuccess?: (answer: BlockResult) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: async (answer) => {
      options.onSuccess?.(answer);
      await queryClient.invalidateQueries({ queryKey: blockedUsersKey });
    },
    onError: options.onError,
  });
}
