import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import { loginSchema, profileUpdateSchema } from '@tip/identity/domain';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a validation failure');
};

describe('parseInput', () => {
  it('returns the parsed value without the fields the schema does not name', () => {
    const login = parseInput(loginSchema, { email: ' Mario@Example.IT ', password: 'secret1', isAdmin: true });
    expect(login).toEqual({ email: 'mario@example.it', password: 'secret1' });
  });

  it('refuses an operator object where a string belongs, with the field message key', () => {
    const error = failure(() => parseInput(loginSchema, { email: { $gt: '' }, password: 'secret1' }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', messageKey: 'validation.emailInvalid' });
    expect(failure(() => parseInput(loginSchema, { email: 'a@b.it', password: { $gt: '' } }))).toMatchObject({
      messageKey: 'validation.passwordMin',
    });
  });

  it('reports the first issue', () => {
    expect(failure(() => parseInput(profileUpdateSchema, { username: 'ab', age: 12 }))).toMatchObject({
      messageKey: 'validation.usernameMin',
    });
  });

  it('uses the generic key where a schema names no message', () => {
    expect(failure(() => parseInput(z.object({ isOnline: z.boolean() }), { isOnline: 'yes' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'errors.invalidInput',
    });
    expect(failure(() => parseInput(loginSchema, undefined))).toMatchObject({ messageKey: 'errors.invalidInput' });
  });
});
