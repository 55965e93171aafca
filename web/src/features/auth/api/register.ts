import { useMutation } from '@tanstack/react-query';
import type { Registered } from '@tip/bff/contract';
import { api, toFormData } from '@/api/client';

/** Multipart: the form's fields plus the verification photo. */
export const register = ({ fields, photo }: { fields: Record<string, unknown>; photo: File }) =>
  api<Registered>('/api/auth/register', {
    method: 'POST',
    body: toFormData({ ...fields, verificationPhoto: photo }),
  });

export function useRegister(options: { onSuccess?: (result: Registered) => void; onError?: (error: Error) => void }) {
  return useMutation({ mutationFn: register, ...options });
}
