import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import type { OutgoingMail } from '../infra/mail-transport.js';
import { USERS_COLLECTION } from '../infra/user-repository.js';
import type { UserDocument } from '../infra/user-document.js';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await startIdentityHarness();
});
afterAll(() => harness.stop());

const tokenOf = (mail: OutgoingMail) => new URL(mail.link).searchParams.get('token') ?? '';
const INVALID = { code: 'INVALID_ARGUMENT', messageKey: 'identity.resetLinkInvalid' };

/** A member, and the reset mail they asked for (after their registration's confirmation mail). */
async function resetMailOf(name: string, language = 'it') {
  const email = `${name}@example.it`;
  const user = await registerMember(harness, {
    username: name,
    email,
    password: 'vecchia1',
    confirmPassword: 'vecchia1',
  });
  await harness.mail.nextTo(email);
  await harness.client.RequestPasswordReset({ email: email.toUpperCase(), language });
  return { user, email, mail: await harness.mail.nextTo(email, 1) };
}

describe('a way back in', () => {
  it('answers the same for an address nobody has, and mails a link only to one a member has', async () => {
    expect(await harness.client.RequestPasswordReset({ email: 'nessuno@example.it', language: 'it' })).toEqual({});
    const { mail } = await resetMailOf('ilaria', 'fr');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Tip');
    expect(mail.link).toBe(`http://tip.test/reset-password?token=${tokenOf(mail)}`);
    expect(harness.mail.countTo('nessuno@example.it')).toBe(0);
    expect(await failureOf(harness.client.RequestPasswordReset({ email: 'nessuno', language: 'it' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.emailInvalid',
    });
  });

  it('sets the new password once, ends the sessions before it, and confirms the address', async () => {
    const { user, email, mail } = await resetMailOf('luca');
    const stored = JSON.stringify(await harness.storedUser(user.id));
    expect(stored).not.toContain(tokenOf(mail));

    const after = await harness.client.ResetPassword({ token: tokenOf(mail), password: 'nuova-password' });
    expect(after).toMatchObject({ id: user.id, sessionGeneration: user.sessionGeneration + 1, emailConfirmed: true });
    await waitFor(() => eventTypes(harness.published, user.id).includes('PasswordReset'));
    expect(eventTypes(harness.published, user.id).slice(-2)).toEqual(['PasswordReset', 'ProfileUpdated']);
    expect((await harness.client.Login({ email, password: 'nuova-password' })).id).toBe(user.id);
    expect(await failureOf(harness.client.Login({ email, password: 'vecchia1' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await failureOf(harness.client.ResetPassword({ token: tokenOf(mail), password: 'ancora-una' })),
    ).toMatchObject(INVALID);
  });

  it('takes only the latest link, within 30 minutes, and a password the rules allow', async () => {
    const { user, email, mail: first } = await resetMailOf('marta');
    await harness.client.RequestPasswordReset({ email, language: 'it' });
    const second = await harness.mail.nextTo(email, 2);
    expect(
      await failureOf(harness.client.ResetPassword({ token: tokenOf(first), password: 'nuova-password' })),
    ).toMatchObject(INVALID);
    expect(await failureOf(harness.client.ResetPassword({ token: tokenOf(second), password: 'corta' }))).toMatchObject({
      messageKey: 'validation.passwordMin',
    });
    const users = await harness.documents.collection<UserDocument>(USERS_COLLECTION);
    await users.updateOne(
      { _id: user.id },
      { $set: { 'passwordReset.expiresAt': new Date(Date.now() - 1000).toISOString() } },
    );
    expect(
      await failureOf(harness.client.ResetPassword({ token: tokenOf(second), password: 'nuova-password' })),
    ).toMatchObject(INVALID);
    expect((await harness.client.Login({ email, password: 'vecchia1' })).id).toBe(user.id);
  });
});
