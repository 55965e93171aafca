import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import type { OutgoingMail } from '../infra/mail-transport.js';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await startIdentityHarness();
});
afterAll(() => harness.stop());

const codeOf = (mail: OutgoingMail) => /^ {4}(\d{6})$/m.exec(mail.text)?.[1] ?? '';
const tokenOf = (mail: OutgoingMail) => new URL(mail.link).searchParams.get('token') ?? '';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A member registered with `name`@example.it and the password 'segreto1', their registration mail read. */
async function member(name: string, language = 'it') {
  const email = `${name}@example.it`;
  const user = await registerMember(harness, { username: name, email, language });
  await harness.mail.nextTo(email);
  return { user, email };
}

describe('changing the e-mail address', () => {
  it('mails the new address a code, keeps the old one until it is confirmed, then tells the old address', async () => {
    const { user, email } = await member('giulia', 'en');
    const newEmail = 'giulia.nuova@example.it';
    const asked = await harness.client.RequestEmailChange({
      userId: user.id,
      newEmail: ' Giulia.Nuova@Example.IT ',
      currentPassword: 'segreto1',
      language: 'en',
    });
    expect(asked).toMatchObject({ email, pendingEmail: newEmail });
    const mail = await harness.mail.nextTo(newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail address on Tip');
    const exported = JSON.parse((await harness.client.ExportMember({ userId: user.id })).json) as {
      profile: Record<string, unknown>;
    };
    expect(exported.profile).toMatchObject({ email, pendingEmail: newEmail });
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(mail.link).toBe(`http://tip.test/confirm-email?token=${tokenOf(mail)}`);
    const stored = JSON.stringify(await harness.storedUser(user.id));
    expect(stored).not.toContain(codeOf(mail));
    expect(stored).not.toContain(tokenOf(mail));

    // Until confirmed, the account is the old address's: it signs in, the new one does not.
    expect((await harness.client.Login({ email, password: 'segreto1' })).id).toBe(user.id);
    expect(await failureOf(harness.client.Login({ email: newEmail, password: 'segreto1' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });

    const confirmed = await harness.client.ConfirmEmail({ userId: user.id, code: codeOf(mail) });
    expect(confirmed).toMatchObject({ email: newEmail, pendingEmail: '', emailConfirmed: true });
    expect((await harness.client.Login({ email: newEmail, password: 'segreto1' })).id).toBe(user.id);
    expect(await failureOf(harness.client.Login({ email, password: 'segreto1' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await waitFor(() => eventTypes(harness.published, user.id).includes('EmailConfirmed'));

    const told = await harness.mail.nextTo(email, 1);
    expect(told.subject).toBe('The e-mail address of your Tip account has changed');
    expect(told.text).toContain('support@tip.community');
    // The old address is not told where the account went.
    expect(told.text).not.toContain(newEmail);
    expect(harness.mail.countTo(newEmail)).toBe(1);
    // Once: the code is spent.
    expect(await failureOf(harness.client.ConfirmEmail({ userId: user.id, code: codeOf(mail) }))).toMatchObject({
      messageKey: 'identity.confirmationInvalid',
    });
  });

  it('takes the link’s token too, without a session, and leaves the member’s sessions as they were', async () => {
    const { user, email } = await member('ilaria');
    const other = (await harness.client.StartSession({ userId: user.id, userAgent: UA })).sessionId;
    const newEmail = 'ilaria@altrove.it';
    await harness.client.RequestEmailChange({ userId: user.id, newEmail, currentPassword: 'segreto1', language: 'it' });
    const mail = await harness.mail.nextTo(newEmail);
    expect(mail.subject).toBe('Conferma il tuo nuovo indirizzo e-mail su Tip');
    expect((await harness.client.ConfirmEmail({ token: tokenOf(mail) })).email).toBe(newEmail);
    expect((await harness.mail.nextTo(email, 1)).subject).toBe("L'indirizzo e-mail del tuo account Tip è cambiato");
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: other })).toEqual({ live: true });
  });

  it('needs the current password, and refuses a taken address as registration does, only once the password is right', async () => {
    const { user, email } = await member('lorenza');
    const { email: taken } = await member('marta');
    const ask = (newEmail: string, currentPassword: string) =>
      failureOf(harness.client.RequestEmailChange({ userId: user.id, newEmail, currentPassword, language: 'it' }));
    const wrongPassword = { code: 'INVALID_ARGUMENT', messageKey: 'identity.currentPasswordWrong' };
    expect(await ask('libero@example.it', 'sbagliata')).toMatchObject(wrongPassword);
    expect(await ask(taken, 'sbagliata')).toMatchObject(wrongPassword);
    expect(await ask(taken, 'segreto1')).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.emailTaken' });
    expect(await ask(email, 'segreto1')).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'identity.emailChangeSame',
    });
    expect(await ask('non-un-indirizzo', 'segreto1')).toMatchObject({ messageKey: 'validation.emailInvalid' });
    expect(await ask('libero@example.it', '')).toMatchObject({ messageKey: 'validation.currentPasswordRequired' });
    expect(harness.mail.countTo('libero@example.it')).toBe(0);
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).pendingEmail).toBe('');
  });

  it('refuses the new address if another account took it before the confirmation', async () => {
    const { user } = await member('nadia');
    const newEmail = 'conteso@example.it';
    await harness.client.RequestEmailChange({ userId: user.id, newEmail, currentPassword: 'segreto1', language: 'it' });
    const mail = await harness.mail.nextTo(newEmail);
    await registerMember(harness, { username: 'svelto', email: newEmail });
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(mail) }))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.emailTaken',
    });
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).email).toBe('nadia@example.it');
  });

  it('sends the change a new code on request, and a cancelled change’s code and link no longer count', async () => {
    const { user, email } = await member('olga');
    const newEmail = 'olga@nuovo.it';
    await harness.client.RequestEmailChange({ userId: user.id, newEmail, currentPassword: 'segreto1', language: 'de' });
    const first = await harness.mail.nextTo(newEmail);
    await harness.client.ResendEmailConfirmation({ userId: user.id, language: 'de' });
    const second = await harness.mail.nextTo(newEmail, 1);
    expect(second.subject).toBe('Bestätige deine neue E-Mail-Adresse bei Tip');
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(first) }))).toMatchObject({
      messageKey: 'identity.confirmationInvalid',
    });
    // The member's own address got nothing from the resend: it is already confirmed or waiting for nothing.
    expect(harness.mail.countTo(email)).toBe(1);

    const cancelled = await harness.client.CancelEmailChange({ userId: user.id });
    expect(cancelled).toMatchObject({ email, pendingEmail: '' });
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(second) }))).toMatchObject({
      messageKey: 'identity.confirmationInvalid',
    });
    expect(await failureOf(harness.client.CancelEmailChange({ userId: user.id }))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'identity.noEmailChangePending',
    });
  });

  it('is refused to a Google account without a password, which is told how to get one', async () => {
    const { user } = await harness.client.GoogleSignIn({
      subject: 'google-sub-cambio',
      email: 'google.cambio@gmail.com',
      emailVerified: true,
      givenName: 'Anna',
      familyName: 'Verdi',
      intent: 'register',
    });
    expect(
      await failureOf(
        harness.client.RequestEmailChange({
          userId: user?.id ?? '',
          newEmail: 'altro@example.it',
          currentPassword: 'qualsiasi',
          language: 'it',
        }),
      ),
    ).toMatchObject({ code: 'FAILED_PRECONDITION', messageKey: 'identity.emailChangeNeedsPassword' });
  });

  it('is dropped by a password reset, whose link reached the account’s address', async () => {
    const { user, email } = await member('paola');
    const newEmail = 'paola@nuovo.it';
    await harness.client.RequestEmailChange({ userId: user.id, newEmail, currentPassword: 'segreto1', language: 'it' });
    const change = await harness.mail.nextTo(newEmail);
    await harness.client.RequestPasswordReset({ email, language: 'it' });
    const reset = await harness.mail.nextTo(email, 1);
    await harness.client.ResetPassword({ token: tokenOf(reset), password: 'nuova-password' });
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(change) }))).toMatchObject({
      messageKey: 'identity.confirmationInvalid',
    });
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).email).toBe(email);
  });
});
