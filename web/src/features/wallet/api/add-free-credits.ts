import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';
import type { CreditsResult } from './types';

/** A tester grants themselves `amount` free credits (whole, 1 to 10000); anyone else gets an ApiError 403. */
export const addFreeCredits = (amount: number) =>
  api<CreditsResult>('/api/users/add-free-credits', { method: 'POST', body: { amount } });

export function useAddFreeCredits(options: {
  onSuccess?: (answer: CreditsResult) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFreeCredits,
    onSuccess: (answer) => {
      // The push says the same a moment later; the answer keeps the balance right while the socket is down.
      storeCurrentUserCredits(queryClient, answer.credits);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
