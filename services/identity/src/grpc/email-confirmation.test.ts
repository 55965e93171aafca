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

const codeOf = (mail: OutgoingMail) => /^ {4}(\d{6})$/m.exec(mail.text)?.[1] ?? '';
const tokenOf = (mail: OutgoingMail) => new URL(mail.link).searchParams.get('token') ?? '';
const INVALID = { code: 'INVALID_ARGUMENT', messageKey: 'identity.confirmationInvalid' };

async function registered(name: string, language = 'it') {
  const email = `${name}@example.it`;
  const user = await registerMember(harness, { username: name, email, language });
  return { user, email, mail: await harness.mail.nextTo(email) };
}

describe('confirming the address', () => {
  it('mails a code and a link at registration, in the language registered in, and stores only their hashes', async () => {
    const { user, mail } = await registered('anna', 'en');
    expect(user.emailConfirmed).toBe(false);
    expect(mail.subject).toBe('Confirm your e-mail address on Tip');
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(mail.link).toBe(`http://tip.test/confirm-email?token=${tokenOf(mail)}`);
    const stored = JSON.stringify(await harness.storedUser(user.id));
    expect(stored).not.toContain(codeOf(mail));
    expect(stored).not.toContain(tokenOf(mail));
    expect(stored).toContain('"language":"en"');
  });

  it('takes the signed-in member’s code once, and says so with EmailConfirmed and the state after it', async () => {
    const { user, mail } = await registered('bruno');
    const confirmed = await harness.client.ConfirmEmail({ userId: user.id, code: codeOf(mail) });
    expect(confirmed.emailConfirmed).toBe(true);
    await waitFor(() => eventTypes(harness.published, user.id).includes('EmailConfirmed'));
    expect(eventTypes(harness.published, user.id).slice(-2)).toEqual(['EmailConfirmed', 'ProfileUpdated']);
    expect(await failureOf(harness.client.ConfirmEmail({ userId: user.id, code: codeOf(mail) }))).toMatchObject(
      INVALID,
    );
    expect(await failureOf(harness.client.ResendEmailConfirmation({ userId: user.id, language: 'it' }))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'identity.emailAlreadyConfirmed',
    });
  });

  it('takes the link’s token without a session, once', async () => {
    const { user, mail } = await registered('carla');
    expect((await harness.client.ConfirmEmail({ token: tokenOf(mail) })).id).toBe(user.id);
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(mail) }))).toMatchObject(INVALID);
    expect((await harness.storedUser(user.id))?.emailConfirmedAt).toBeDefined();
  });

  it('needs the member for a code, and refuses what is not a code or a token', async () => {
    const { mail } = await registered('dario');
    expect(await failureOf(harness.client.ConfirmEmail({ code: codeOf(mail) }))).toMatchObject(INVALID);
    for (const request of [{ code: '12345' }, { code: 'abcdef' }, {}, { code: '123456', token: tokenOf(mail) }]) {
      expect(await failureOf(harness.client.ConfirmEmail({ userId: 'x', ...request }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        messageKey: 'validation.confirmationCodeFormat',
      });
    }
    expect(await failureOf(harness.client.ConfirmEmail({ token: 'short' }))).toMatchObject({
      messageKey: 'identity.linkInvalid',
    });
  });

  it('voids the code after five wrong ones; a new code replaces the old, which stops counting', async () => {
    const { user, email, mail } = await registered('elena');
    const right = codeOf(mail);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await failureOf(harness.client.ConfirmEmail({ userId: user.id, code: wrong }))).toMatchObject(INVALID);
    }
    expect(await failureOf(harness.client.ConfirmEmail({ userId: user.id, code: right }))).toMatchObject(INVALID);

    await harness.client.ResendEmailConfirmation({ userId: user.id, language: 'de' });
    const again = await harness.mail.nextTo(email, 1);
    expect(again.subject).toBe('Bestätige deine E-Mail-Adresse bei Tip');
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(mail) }))).toMatchObject(INVALID);
    expect((await harness.client.ConfirmEmail({ userId: user.id, code: codeOf(again) })).emailConfirmed).toBe(true);
  });

  it('refuses a code and a link older than 24 hours', async () => {
    const { user, mail } = await registered('fabio');
    const users = await harness.documents.collection<UserDocument>(USERS_COLLECTION);
    await users.updateOne(
      { _id: user.id },
      { $set: { 'emailConfirmation.expiresAt': new Date(Date.now() - 1000).toISOString() } },
    );
    expect(await failureOf(harness.client.ConfirmEmail({ userId: user.id, code: codeOf(mail) }))).toMatchObject(
      INVALID,
    );
    expect(await failureOf(harness.client.ConfirmEmail({ token: tokenOf(mail) }))).toMatchObject(INVALID);
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).emailConfirmed).toBe(false);
  });

  it('shows whether the address is confirmed to the member and admins only', async () => {
    const { user, mail } = await registered('gaia');
    await harness.client.ConfirmEmail({ token: tokenOf(mail) });
    const other = await registerMember(harness, { username: 'hugo', email: 'hugo@example.it' });
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).emailConfirmed).toBe(true);
    expect((await harness.client.GetUser({ userId: user.id, viewerId: other.id })).emailConfirmed).toBe(false);
  });
});
