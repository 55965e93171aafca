import { z } from 'zod';
import { GENDERS, ORIENTATIONS } from './user.js';

/**
 * Field schemas the forms share. Values may come from multipart forms (all strings, '' for an empty field) or from
 * JSON (numbers, null); every field accepts only the types it names, so an object such as `{"$gt": ""}` fails here
 * and never reaches a query. Every string is capped, and each message is a key of the server message catalogue.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
/** argon2 hashes anything, but a megabyte password is an attack, not a password. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const AGE_MIN = 18;
export const AGE_MAX = 100;
export const BIO_MAX = 500;
export const PLACE_MAX = 100;
/** Telegram usernames have at most 32 characters, plus the leading @. */
export const TELEGRAM_MAX = 33;

/**
 * Letters and digits of any script, with their combining marks, and `.`, `-`, `_`: no spaces, emoji, invisible or
 * control characters, with which one member could pass for another.
 */
const USERNAME_CHARACTERS = /^[\p{L}\p{M}\p{N}._-]+$/u;

/** `emptyKey` is what an empty username says: registration and profile forms word it differently. */
export function usernameField(emptyKey: 'validation.usernameMin' | 'validation.usernameRequired') {
  return z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey, abort: true })
    .max(USERNAME_MAX, { error: 'validation.usernameMax', abort: true })
    .min(USERNAME_MIN, 'validation.usernameMin')
    .regex(USERNAME_CHARACTERS, 'validation.usernameCharacters');
}

/** E-mail addresses compare case-insensitively, so they are kept lower-cased. */
export const emailField = z
  .string({ error: 'validation.emailInvalid' })
  .trim()
  .max(EMAIL_MAX, { error: 'validation.emailInvalid', abort: true })
  .toLowerCase()
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const passwordField = z
  .string({ error: 'validation.passwordMin' })
  .min(PASSWORD_MIN, 'validation.passwordMin')
  .max(PASSWORD_MAX, 'validation.passwordMax');

export const genderField = z.enum(GENDERS, { error: 'validation.genderRequired' });
export const orientationField = z.enum(ORIENTATIONS, { error: 'validation.orientationRequired' });

/** A choice the form may leave empty: '', null and absent all mean "not given". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, key: string) {
  return z
    .union([z.enum(values), z.literal('')], { error: key })
    .nullish()
    .transform((value) => value || undefined);
}

/** A number from a number input or a multipart string; '' and null mean "not given". */
function ageInput(missing: 'absent' | 'validation.ageRequired') {
  const range = 'validation.ageRange';
  const number = z.number({ error: (issue) => (issue.input === undefined && missing !== 'absent' ? missing : range) });
  const checked = number.int(range).min(AGE_MIN, range).max(AGE_MAX, range);
  return z
    .union([z.number(), z.string().max(8, range)], { error: range })
    .nullish()
    .transform((value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value === 'number') return value;
      const text = value.trim();
      if (text === '') return undefined;
      return /^\d+$/.test(text) ? Number(text) : Number.NaN;
    })
    .pipe(missing === 'absent' ? checked.optional() : checked);
}

export const optionalAgeField = ageInput('absent');
export const requiredAgeField = ageInput('validation.ageRequired');

/** Free text the user may leave empty; trimmed, and '' stored as absent. */
export function optionalTextField(max: number, tooLongKey: string) {
  return z
    .string({ error: 'errors.invalidInput' })
    .trim()
    .max(max, tooLongKey)
    .nullish()
    .transform((value) => value || undefined);
}

export function requiredTextField(max: number, requiredKey: string, tooLongKey: string) {
  return z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, tooLongKey);
}

/** Optional; a leading @ is added when the user left it out. */
export const telegramUsernameField = z
  .string({ error: 'errors.invalidInput' })
  .trim()
  .nullish()
  .transform((value) => {
    const name = value?.replace(/^@/, '');
    return name ? `@${name}` : undefined;
  })
  .pipe(z.string().max(TELEGRAM_MAX, 'validation.telegramTooLong').optional());
