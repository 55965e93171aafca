import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyOptions } from '@tip/bff/contract';
import { api } from '@/api/client';
import type { UserResult } from '@/api/types';

/** The sign-in's second step after the password: an authenticator app's code or a recovery code. */
export const giveSecondStepCode = (input: { code: string }) =>
  api<UserResult>('/api/auth/second-step', { method: 'POST', body: input });

/** Options the server already gave (the login's, for the second step), used once instead of asking for new ones. */
type PasskeySignIn = { secondStep: boolean; options?: PasskeyOptions['options'] | null };

/**
 * Signs in with a passkey: the member's own as the second step (`secondStep`), or any of this site's the device holds,
 * without a password. The browser asks the device (Touch ID, a PIN, a security key) between the options and the answer.
 */
export async function signInWithPasskey({ secondStep, options: given }: PasskeySignIn): Promise<UserResult> {
  const base = secondStep ? '/api/auth/second-step/passkey' : '/api/auth/passkey';
  const options = given ?? (await api<PasskeyOptions>(`${base}/options`, { method: 'POST', body: {} })).options;
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api<UserResult>(base, { method: 'POST', body: { response } });
}

type Handlers = { onSuccess?: (result: UserResult) => void; onError?: (error: Error) => void };

export function useSecondStepCode(options: Handlers) {
  return useMutation({ mutationFn: giveSecondStepCode, ...options });
}

export function usePasskeySignIn(options: Handlers) {
  return useMutation({ mutationFn: signInWithPasskey, ...options });
}
