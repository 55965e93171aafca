import { useMutation } from '@tanstack/react-query';
import { api, toFormData } from '@/api/client';
import type { ActionResult } from '@/api/types';

export type RegisterResult = ActionResult & { user?: { username: string } };

/** Multipart: the form's fields plus the verification photo. */
export const register = ({ fields, photo }: { fields: Record<string, unknown>; photo: File }) =>
  api<RegisterResult>('/api/auth/register', {
    method: 'POST',
    body: toFormData({ ...fields, verificationPhoto: photo }),
  });

export function useRegister(options: {
  onSuccess?: (result: RegisterResult) => void;
  onError?: (error: Error) => void;
}) {
  return useMutation({ mutationFn: register, ...options });
}
