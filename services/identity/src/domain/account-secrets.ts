import { z } from 'zod';
import { emailField, passwordField } from './fields.js';

/** A confirmation's code and link hold 24 hours; a reset link 30 minutes. Each is used once. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60_000;
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Wrong codes a confirmation takes before it is void (a new one must be asked for): 5 guesses in a million. */
export const EMAIL_CODE_MAX_FAILURES = 5;

/** A one-time secret waiting to be used, as stored: hashes only, and when it stops counting. */
export interface PendingSecret {
  expiresAt: string;
}

/** Whether a pending secret still counts at `now`. */
export function isLive(pending: PendingSecret | undefined, now: Date): pending is PendingSecret {
  return pending !== undefined && Date.parse(pending.expiresAt) > now.getTime();
}

/** A link's token: 32 random bytes, base64url. */
const tokenField = z.string({ error: 'identity.linkInvalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'identity.linkInvalid');

/** POST /api/auth/email/confirm: the 6-digit code the mail gives (the signed-in member's), or the link's token. */
export const emailConfirmationSchema = z
  .object({
    code: z
      .string({ error: 'validation.confirmationCodeFormat' })
      .trim()
      .regex(/^\d{6}$/, 'validation.confirmationCodeFormat')
      .optional(),
    token: tokenField.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.token === undefined), 'validation.confirmationCodeFormat');
export type EmailConfirmation = z.output<typeof emailConfirmationSchema>;

/** POST /api/auth/password/forgot. */
export const passwordForgotSchema = z.object({ email: emailField });

/** POST /api/auth/password/reset: the link's token and the new password (the form checks its repetition). */
export const passwordResetSchema = z.object({ token: tokenField, password: passwordField });

/** The e-mail step's form: the code alone (the session says whose). */
export const emailCodeFormSchema = z.object({
  code: z
    .string({ error: 'validation.confirmationCodeFormat' })
    .trim()
    .regex(/^\d{6}$/, 'validation.confirmationCodeFormat'),
});

/** The forgotten-password form: the new password twice (the page sends it with the link's token). */
export const newPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string({ error: 'validation.passwordsMismatch' }).max(256, 'validation.passwordsMismatch'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  });
