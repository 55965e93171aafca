import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { googleProfileSetupSchema, loginSchema, profileUpdateSchema, registrationSchema } from './forms.js';

/** The messages of a failed parse, by field: what a form shows next to each input. */
function problems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const registration = {
  username: 'mario',
  email: 'Mario@Example.IT',
  password: 'segreto1',
  confirmPassword: 'segreto1',
  gender: 'male',
  orientation: 'etero',
};

describe('registrationSchema', () => {
  it('accepts a complete form and normalises it', () => {
    const parsed = registrationSchema.parse({
      ...registration,
      username: '  mario  ',
      telegramUsername: 'mario_tg',
      age: '30',
      region: ' Lazio ',
      city: 'Roma',
    });
    expect(parsed).toEqual({
      username: 'mario',
      email: 'mario@example.it',
      password: 'segreto1',
      confirmPassword: 'segreto1',
      gender: 'male',
      orientation: 'etero',
      telegramUsername: '@mario_tg',
      age: 30,
      region: 'Lazio',
      city: 'Roma',
    });
  });

  it('treats empty multipart fields as absent', () => {
    const parsed = registrationSchema.parse({ ...registration, telegramUsername: '', age: '', region: '', city: '' });
    expect(parsed.age).toBeUndefined();
    expect(parsed.telegramUsername).toBeUndefined();
    expect(parsed.region).toBeUndefined();
    expect(parsed.city).toBeUndefined();
  });

  it('keeps a Telegram name that already starts with @', () => {
    expect(registrationSchema.parse({ ...registration, telegramUsername: '@mario' }).telegramUsername).toBe('@mario');
    expect(registrationSchema.parse({ ...registration, telegramUsername: '@' }).telegramUsername).toBeUndefined();
  });

  it('bounds the username to 3..20 characters after trimming', () => {
    expect(problems(registrationSchema, { ...registration, username: ' ab ' })).toEqual({
      username: 'validation.usernameMin',
    });
    expect(problems(registrationSchema, { ...registration, username: '' })).toEqual({
      username: 'validation.usernameMin',
    });
    expect(problems(registrationSchema, { ...registration, username: 'a'.repeat(21) })).toEqual({
      username: 'validation.usernameMax',
    });
    expect(registrationSchema.safeParse({ ...registration, username: 'a'.repeat(20) }).success).toBe(true);
  });

  it('refuses a 10 MB username as too long', () => {
    expect(problems(registrationSchema, { ...registration, username: 'x'.repeat(10 * 1024 * 1024) })).toEqual({
      username: 'validation.usernameMax',
    });
  });

  it('takes letters of any script, digits, dots, hyphens and underscores in a username, nothing else', () => {
    for (const username of ['giulia_r', 'Niccolò.B', 'anna-99', 'Ελένη', 'Zoë']) {
      expect(registrationSchema.safeParse({ ...registration, username }).success).toBe(true);
    }
    for (const username of ['mario rossi', 'mar\u200bio', 'mario😀', 'mario<b>', 'ma\u0000rio']) {
      expect(problems(registrationSchema, { ...registration, username })).toEqual({
        username: 'validation.usernameCharacters',
      });
    }
  });

  it('checks the e-mail, the password length and that both passwords match', () => {
    expect(problems(registrationSchema, { ...registration, email: 'not-an-email' })).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(problems(registrationSchema, { ...registration, email: `${'a'.repeat(300)}@example.it` })).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(problems(registrationSchema, { ...registration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'validation.passwordMin',
    });
    expect(problems(registrationSchema, { ...registration, confirmPassword: 'segreto2' })).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
  });

  it('says the passwords differ even while other fields are wrong', () => {
    expect(problems(registrationSchema, { ...registration, username: 'x', confirmPassword: 'other' })).toEqual({
      username: 'validation.usernameMin',
      confirmPassword: 'validation.passwordsMismatch',
    });
  });

  it('requires gender and orientation from their lists', () => {
    expect(problems(registrationSchema, { ...registration, gender: '', orientation: 'other' })).toEqual({
      gender: 'validation.genderRequired',
      orientation: 'validation.orientationRequired',
    });
    const { gender: _gender, orientation: _orientation, ...without } = registration;
    expect(problems(registrationSchema, without)).toEqual({
      gender: 'validation.genderRequired',
      orientation: 'validation.orientationRequired',
    });
  });

  it('takes an optional age from 18 to 100, as a number or a digit string', () => {
    expect(registrationSchema.parse({ ...registration, age: 18 }).age).toBe(18);
    expect(registrationSchema.parse({ ...registration, age: ' 100 ' }).age).toBe(100);
    for (const age of ['17', 101, '25.5', 'abc', '1e2', 30.5, [20], { $gt: 0 }]) {
      expect(problems(registrationSchema, { ...registration, age })).toEqual({ age: 'validation.ageRange' });
    }
  });

  it('refuses an object where a string belongs, so it never reaches a query', () => {
    const injected = { $gt: '' };
    expect(problems(registrationSchema, { ...registration, username: injected })).toEqual({
      username: 'validation.usernameMin',
    });
    expect(problems(registrationSchema, { ...registration, email: injected })).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(problems(registrationSchema, { ...registration, region: injected })).toEqual({
      region: 'errors.invalidInput',
    });
    expect(problems(registrationSchema, { ...registration, gender: ['male'] })).toEqual({
      gender: 'validation.genderRequired',
    });
  });

  it('caps every free-text field', () => {
    expect(problems(registrationSchema, { ...registration, city: 'x'.repeat(101) })).toEqual({
      city: 'validation.cityTooLong',
    });
    expect(problems(registrationSchema, { ...registration, region: 'x'.repeat(101) })).toEqual({
      region: 'validation.regionTooLong',
    });
    expect(problems(registrationSchema, { ...registration, telegramUsername: 'x'.repeat(33) })).toEqual({
      telegramUsername: 'validation.telegramTooLong',
    });
    const long = 'x'.repeat(129);
    expect(problems(registrationSchema, { ...registration, password: long, confirmPassword: long })).toEqual({
      password: 'validation.passwordMax',
    });
  });

  it('drops fields it does not know', () => {
    expect(registrationSchema.parse({ ...registration, isAdmin: true })).not.toHaveProperty('isAdmin');
  });
});

describe('loginSchema', () => {
  it('accepts an e-mail and a password, lower-casing the e-mail', () => {
    expect(loginSchema.parse({ email: ' A@B.it ', password: '123456' })).toEqual({
      email: 'a@b.it',
      password: '123456',
    });
  });

  it('says the form texts', () => {
    expect(problems(loginSchema, { email: 'nope', password: '123' })).toEqual({
      email: 'validation.emailInvalid',
      password: 'validation.passwordMin',
    });
    expect(problems(loginSchema, { email: { $gt: '' }, password: { $ne: null } })).toEqual({
      email: 'validation.emailInvalid',
      password: 'validation.passwordMin',
    });
  });
});

describe('profileUpdateSchema', () => {
  const profile = { username: 'mario', bio: 'Ciao', age: 40, region: 'Lazio', city: 'Roma', gender: 'male' };

  it('requires the username, with its own message when empty', () => {
    expect(problems(profileUpdateSchema, { ...profile, username: '   ' })).toEqual({
      username: 'validation.usernameRequired',
    });
    expect(problems(profileUpdateSchema, { ...profile, username: 'ab' })).toEqual({
      username: 'validation.usernameMin',
    });
  });

  it('clears optional fields sent empty, and leaves an empty gender or orientation unset', () => {
    expect(
      profileUpdateSchema.parse({ username: 'mario', bio: '', age: null, region: '', gender: '', orientation: null }),
    ).toEqual({ username: 'mario' });
  });

  it('checks age, gender, orientation and the length of the bio', () => {
    expect(
      problems(profileUpdateSchema, { ...profile, age: 15, gender: 'other', orientation: 'x', bio: 'b'.repeat(501) }),
    ).toEqual({
      age: 'validation.ageRange',
      gender: 'validation.genderRequired',
      orientation: 'validation.orientationRequired',
      bio: 'validation.bioTooLong',
    });
  });
});

describe('googleProfileSetupSchema', () => {
  const setup = {
    username: 'luigi',
    age: '25',
    gender: 'female',
    orientation: 'gay',
    region: 'Sicilia',
    city: 'Palermo',
  };

  it('accepts a complete profile', () => {
    expect(googleProfileSetupSchema.parse({ ...setup, telegramUsername: 'luigi' })).toEqual({
      username: 'luigi',
      age: 25,
      gender: 'female',
      orientation: 'gay',
      region: 'Sicilia',
      city: 'Palermo',
      telegramUsername: '@luigi',
    });
  });

  it('requires every field but Telegram, with the form texts', () => {
    expect(problems(googleProfileSetupSchema, { username: 'lu' })).toEqual({
      username: 'validation.usernameMin',
      age: 'validation.ageRequired',
      gender: 'validation.genderRequired',
      orientation: 'validation.orientationRequired',
      region: 'validation.regionRequired',
      city: 'validation.cityRequired',
    });
    expect(problems(googleProfileSetupSchema, { ...setup, age: '', region: ' ', city: '' })).toEqual({
      age: 'validation.ageRequired',
      region: 'validation.regionRequired',
      city: 'validation.cityRequired',
    });
    expect(problems(googleProfileSetupSchema, { ...setup, age: '12' })).toEqual({ age: 'validation.ageRange' });
  });
});
