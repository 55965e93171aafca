import { describe, expect, it } from '@jest/globals';
import { confirmedAddress, emailChangeRefusal, emailChangeSchema } from './email-change.js';

describe('the e-mail change form', () => {
  it('takes a new address, trimmed and lower-cased, with the current password', () => {
    expect(emailChangeSchema.parse({ newEmail: '  Nuova@Example.IT ', currentPassword: 'segreto1' })).toEqual({
      newEmail: 'nuova@example.it',
      currentPassword: 'segreto1',
    });
  });

  it('refuses a malformed address and a missing password with the form’s texts', () => {
    const issues = (body: unknown) =>
      emailChangeSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ newEmail: 'non-un-indirizzo', currentPassword: 'segreto1' })).toEqual([
      ['newEmail', 'validation.emailInvalid'],
    ]);
    expect(issues({ newEmail: 'nuova@example.it', currentPassword: '' })).toEqual([
      ['currentPassword', 'validation.currentPasswordRequired'],
    ]);
  });
});

describe('who may change their address', () => {
  it('a member with a password, to an address other than their own', () => {
    expect(emailChangeRefusal({ email: 'io@example.it', hasPassword: true }, 'nuovo@example.it')).toBeNull();
  });

  it('not to the address they already have', () => {
    expect(emailChangeRefusal({ email: 'io@example.it', hasPassword: true }, 'io@example.it')).toBe(
      'identity.emailChangeSame',
    );
  });

  it('not a Google account without a password, whatever the address', () => {
    expect(emailChangeRefusal({ email: 'io@gmail.com', hasPassword: false }, 'nuovo@example.it')).toBe(
      'identity.emailChangeNeedsPassword',
    );
  });
});

describe('the address a confirmation makes the account’s', () => {
  it('is the registered one when no change was asked for', () => {
    expect(confirmedAddress({ email: 'io@example.it' }, {})).toEqual({ email: 'io@example.it' });
  });

  it('is the new one of a change, leaving the old one to be told', () => {
    expect(confirmedAddress({ email: 'io@example.it' }, { newEmail: 'nuovo@example.it' })).toEqual({
      email: 'nuovo@example.it',
      previous: 'io@example.it',
    });
  });
});
