import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactors } from '@tip/bff/contract';
import { api } from '@/api/client';
import { currentUserKey } from '@/api/query-keys';
import { secondFactorsKey } from './get-second-factors';

/** The authenticator app (`totp`) or one passkey (its id) taken off; the last one gone, recovery codes go too. */
export type FactorToRemove = { kind: 'totp' } | { kind: 'passkey'; id: string };

export const removeFactor = (factor: FactorToRemove) =>
  api<SecondFactors>(
    factor.kind === 'totp'
      ? '/api/auth/second-factors/totp'
      : `/api/auth/second-factors/passkeys/${encodeURIComponent(factor.id)}`,
    { method: 'DELETE' },
  );

export function useRemoveFactor(options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    onSuccess: async (factors) => {
      queryClient.setQueryData(secondFactorsKey, factors);
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: options.onError,
  });
}
