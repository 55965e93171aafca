import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorAdded, TotpSetup } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeFactorAdded } from './factor-added';

/** A new secret for the authenticator app, as text and as a QR code; it waits 10 minutes for the app's first code. */
export const beginTotpSetup = () => api<TotpSetup>('/api/auth/second-factors/totp/setup', { method: 'POST', body: {} });

/** The app's first code turns it on. */
export const confirmTotpSetup = (input: { code: string }) =>
  api<SecondFactorAdded>('/api/auth/second-factors/totp', { method: 'POST', body: input });

type Handlers<T> = { onSuccess?: (answer: T) => void; onError?: (error: Error) => void };

export function useBeginTotpSetup(options: Handlers<TotpSetup>) {
  return useMutation({ mutationFn: beginTotpSetup, ...options });
}

export function useConfirmTotpSetup(options: Handlers<SecondFactorAdded>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotpSetup,
    onSuccess: async (answer) => {
      await storeFactorAdded(queryClient, answer);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
