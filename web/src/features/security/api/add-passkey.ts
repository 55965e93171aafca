import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyOptions, SecondFactorAdded } from '@tip/bff/contract';
import { api } from '@/api/client';
import { storeFactorAdded } from './factor-added';

/** Makes a passkey on this device (the browser asks the device between the two calls) and registers it by `name`. */
export async function addPasskey(input: { name: string }): Promise<SecondFactorAdded> {
  const { options } = await api<PasskeyOptions>('/api/auth/second-factors/passkeys/options', {
    method: 'POST',
    body: {},
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api<SecondFactorAdded>('/api/auth/second-factors/passkeys', {
    method: 'POST',
    body: { response, name: input.name },
  });
}

export function useAddPasskey(options: {
  onSuccess?: (answer: SecondFactorAdded) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: async (answer) => {
      await storeFactorAdded(queryClient, answer);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
