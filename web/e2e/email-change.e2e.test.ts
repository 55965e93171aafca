import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '@tip/identity/testing';
import type { Page } from 'playwright-core';
import { describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { toastWith, until } from './waits.js';

// A real SMTP server the platform sends its mail to: the new address's code is read from what it received.
let mailbox: SmtpCatcher;
beforeAll(async () => {
  mailbox = await startSmtpCatcher({ plain: true });
});
afterAll(() => mailbox.stop());
const e2e = useE2E({ env: () => ({ SMTP_URL: mailbox.url }) });

const codeIn = (mail: CaughtMail) => /^ {4}(\d{6})$/m.exec(mail.text ?? '')?.[1] ?? '';
const subjectFor = (key: string) => withValues(serverText(key), { product: 'Tip' });

/** The mail to `address` with `subject`, once it came (others, such as a new device's notice, may come between). */
async function mailWithSubject(address: string, subject: string): Promise<CaughtMail> {
  const find = () =>
    mailbox.received.find(
      (mail) =>
        mail.subject === subject && [mail.to ?? []].flat().some((to) => to.value.some((a) => a.address === address)),
    );
  await until(`the mail '${subject}' to ${address}`, () => find() !== undefined);
  return find() as CaughtMail;
}

/** The profile's e-mail card. */
const emailCard = (page: Page) => page.locator('[data-slot="card"]', { hasText: appText('profile.email.description') });

async function askForChange(page: Page, newEmail: string, password: string) {
  const card = emailCard(page);
  await card.getByLabel(appText('profile.email.new')).fill(newEmail);
  await card.getByLabel(appText('profile.email.password')).fill(password);
  await card.getByRole('button', { name: appText('profile.email.submit') }).click();
}

describeE2E('changing the e-mail address', () => {
  it('confirms the new address with the mailed code, on the profile, and tells the old address', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('trasloco'));
    const other = await registerMember(e2e.baseUrl, newMember('occupato'));
    const newEmail = `nuovo.${member.email}`;
    const page = await e2e.newPage();
    await signInByApi(page, member);
    await page.goto('/profile');
    const card = emailCard(page);
    expect(await card.getByTestId('current-email').innerText()).toBe(member.email);

    // The current password is needed, and an address taken is refused with registration's words.
    await askForChange(page, newEmail, 'non-e-questa');
    await toastWith(page, serverText('identity.currentPasswordWrong')).waitFor();
    await askForChange(page, other.email, member.password);
    await toastWith(page, serverText('identity.emailTaken')).waitFor();

    await askForChange(page, newEmail, member.password);
    await toastWith(page, withValues(serverText('identity.emailChangeRequested'), { email: newEmail })).waitFor();
    await card.getByText(withValues(appText('profile.email.pending'), { email: newEmail })).waitFor();
    // Until the code is in, the account keeps its address.
    expect(await card.getByTestId('current-email').innerText()).toBe(member.email);

    // The code went to the new address through the SMTP server, in Italian; a new one replaces it.
    const first = await mailWithSubject(newEmail, subjectFor('identity.mailChangeConfirmSubject'));
    await card.getByRole('button', { name: appText('profile.email.resend') }).click();
    await toastWith(page, serverText('identity.confirmationSent')).waitFor();
    const second = await mailbox.nextTo(newEmail, 1);
    await card.getByLabel(appText('profile.email.code')).fill(codeIn(first));
    await card.getByRole('button', { name: appText('profile.email.confirm') }).click();
    await toastWith(page, serverText('identity.confirmationInvalid')).waitFor();
    await card.getByLabel(appText('profile.email.code')).fill(codeIn(second));
    await card.getByRole('button', { name: appText('profile.email.confirm') }).click();
    await toastWith(page, serverText('identity.emailConfirmed')).waitFor();

    await card.getByTestId('pending-email').waitFor({ state: 'detached' });
    expect(await card.getByTestId('current-email').innerText()).toBe(newEmail);
    const told = await mailWithSubject(member.email, subjectFor('identity.mailEmailChangedSubject'));
    expect(told.html).toContain('mailto:support@tip.community');
    // The new address signs in; this browser stayed signed in.
    await signInByApi(await e2e.newSession(), { email: newEmail, password: member.password });
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  });

  it('cancels a change waiting for its code: the account keeps its address and the mailed link no longer works', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('ripensa'));
    const newEmail = `altro.${member.email}`;
    const page = await e2e.newPage();
    await signInByApi(page, member);
    await page.goto('/profile');
    await askForChange(page, newEmail, member.password);
    const card = emailCard(page);
    await card.getByTestId('pending-email').waitFor();
    const mail = await mailWithSubject(newEmail, subjectFor('identity.mailChangeConfirmSubject'));

    await card.getByRole('button', { name: appText('profile.email.cancel') }).click();
    await toastWith(page, serverText('identity.emailChangeCancelled')).waitFor();
    await card.getByLabel(appText('profile.email.new')).waitFor();
    expect(await card.getByTestId('current-email').innerText()).toBe(member.email);

    const link = new URL(/https?:\/\/\S+confirm-email\S+/.exec(mail.text ?? '')?.[0] ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(serverText('identity.confirmationInvalid')).waitFor();
  });
});
