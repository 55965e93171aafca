import { z } from 'zod';
import {
  BIO_MAX,
  PLACE_MAX,
  emailField,
  genderField,
  optionalAgeField,
  optionalChoice,
  optionalTextField,
  orientationField,
  passwordField,
  requiredAgeField,
  requiredTextField,
  telegramUsernameField,
  usernameField,
} from './fields.js';
import { GENDERS, ORIENTATIONS } from './user.js';

/** The registration form (multipart: every value a string). The photo is checked apart, by its content. */
export const registrationSchema = z
  .object({
    username: usernameField('validation.usernameMin'),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'validation.passwordsMismatch' }).max(256, 'validation.passwordsMismatch'),
    gender: genderField,
    orientation: orientationField,
    telegramUsername: telegramUsernameField,
    age: optionalAgeField,
    region: optionalTextField(PLACE_MAX, 'validation.regionTooLong'),
    city: optionalTextField(PLACE_MAX, 'validation.cityTooLong'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
    // Say it even while other fields are still wrong, as long as both passwords are there to compare.
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });
export type Registration = z.output<typeof registrationSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type Login = z.output<typeof loginSchema>;

/**
 * The personal-info form (PUT /api/auth/profile) replaces these fields: an empty optional field clears it. Gender
 * and orientation, once chosen, can be changed but not cleared; left empty they stay as they are.
 */
export const profileUpdateSchema = z.object({
  username: usernameField('validation.usernameRequired'),
  bio: optionalTextField(BIO_MAX, 'validation.bioTooLong'),
  age: optionalAgeField,
  region: optionalTextField(PLACE_MAX, 'validation.regionTooLong'),
  city: optionalTextField(PLACE_MAX, 'validation.cityTooLong'),
  gender: optionalChoice(GENDERS, 'validation.genderRequired'),
  orientation: optionalChoice(ORIENTATIONS, 'validation.orientationRequired'),
  telegramUsername: telegramUsernameField,
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** What a Google account completes before it can be verified. The photo is checked apart (10 MB). */
export const googleProfileSetupSchema = z.object({
  username: usernameField('validation.usernameMin'),
  age: requiredAgeField,
  gender: genderField,
  orientation: orientationField,
  region: requiredTextField(PLACE_MAX, 'validation.regionRequired', 'validation.regionTooLong'),
  city: requiredTextField(PLACE_MAX, 'validation.cityRequired', 'validation.cityTooLong'),
  telegramUsername: telegramUsernameField,
});
export type GoogleProfileSetup = z.output<typeof googleProfileSetupSchema>;
