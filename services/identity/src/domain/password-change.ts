import { z } from 'zod';
import { passwordField } from './fields.js';

/** The current password, as typed, which identity checks before a change to the account's credentials. */
export const currentPasswordField = z
  .string({ error: 'validation.currentPasswordRequired' })
  .min(1, 'validation.currentPasswordRequired')
  .max(256, 'validation.currentPasswordRequired');

/** Changing the password while signed in: the current one (as typed, checked by identity) and the new one. */
export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: passwordField,
});

/** The profile's form: the current password, then the new one twice. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({
    confirmPassword: z.string({ error: 'validation.passwordsMismatch' }).max(256, 'validation.passwordsMismatch'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  });
