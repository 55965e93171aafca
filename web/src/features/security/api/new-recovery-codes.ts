import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@tip/bff/contract';
import { api } from '@/api/client';
import { secondFactorsKey } from './get-second-factors';

/** Ten new recovery codes in place of all the old ones, shown once. */
export const newRecoveryCodes = () =>
  api<RecoveryCodes>('/api/auth/second-factors/recovery-codes', { method: 'POST', body: {} });

export function useNewRecoveryCodes(options: {
  onSuccess?: (answer: RecoveryCodes) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: async (answer) => {
      options.onSuccess?.(answer);
      await queryClient.invalidateQueries({ queryKey: secondFactorsKey });
    },
    onError: options.onError,
  });
}
