import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSmtpCatcher, type SmtpCatcher } from '@tip/identity/testing';
import type { Page } from 'playwright-core';
import { describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText, serverText } from './texts.js';
import { addressOf, toastWith, until } from './waits.js';

// A real SMTP server the platform sends its mail to: the reset link is read from what it received.
let mailbox: SmtpCatcher;
beforeAll(async () => {
  mailbox = await startSmtpCatcher({ plain: true });
});
afterAll(() => mailbox.stop());
const e2e = useE2E({ env: () => ({ SMTP_URL: mailbox.url }) });

/** The path and query of the link in the latest mail to `email` (the link names PUBLIC_URL's host, localhost). */
async function linkIn(email: string, after: number): Promise<string> {
  const mail = await mailbox.nextTo(email, after);
  const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.text ?? '')?.[0] ?? '');
  return `${link.pathname}${link.search}`;
}

const isSignedOut = async (page: Page) => (await page.request.get('/api/auth/user')).status() === 401;

describeE2E('a forgotten password', () => {
  it('sends a link from the sign-in page, sets a new password with it once, and ends every other session', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('smemorata'));
    // Signed in on another device before the reset.
    const otherDevice = await e2e.newPage();
    await signInByApi(otherDevice, member);
    expect(await isSignedOut(otherDevice)).toBe(false);

    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: appText('auth.login.forgotLink') }).click();
    await page.getByRole('heading', { name: appText('auth.forgot.title') }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: appText('auth.forgot.submit') }).click();
    await page.getByRole('heading', { name: appText('auth.forgot.sentTitle') }).waitFor();
    await page.getByText(serverText('identity.resetRequested')).waitFor();

    // The registration's confirmation came first, then the notice of a sign-in from a new device (the API registered
    // the member, this browser signed in); the reset mail is the third, in Italian.
    const path = await linkIn(member.email, 2);
    expect(path).toMatch(/^\/reset-password\?token=[\w-]{43}$/);
    await page.goto(path);
    await page.getByRole('heading', { name: appText('auth.reset.title') }).waitFor();
    await page.getByLabel(appText('auth.reset.password'), { exact: true }).fill('una-nuova-password');
    await page.getByLabel(appText('auth.reset.confirmPassword')).fill('una-nuova-password');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('button', { name: appText('auth.reset.submit') }).click(),
    ]);
    // This browser is signed in with the new password; the other device is signed out at once.
    await page.getByRole('heading', { name: `Ciao, ${member.username}!` }).waitFor();
    expect(await isSignedOut(otherDevice)).toBe(true);
    await otherDevice.goto('/profile');
    await until('the other device is sent to sign in', () => addressOf(otherDevice) === '/login');

    // The same link a second time is refused, in the member's language.
    const again = await e2e.newPage();
    await again.goto(path);
    await again.getByLabel(appText('auth.reset.password'), { exact: true }).fill('ancora-una-password');
    await again.getByLabel(appText('auth.reset.confirmPassword')).fill('ancora-una-password');
    await again.getByRole('button', { name: appText('auth.reset.submit') }).click();
    await toastWith(again, serverText('identity.resetLinkInvalid')).waitFor();
    expect(addressOf(again)).toBe(path);

    // The old password no longer signs in; the new one does.
    const oldPassword = await again.request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(oldPassword.status()).toBe(401);
    await signInByApi(again, { email: member.email, password: 'una-nuova-password' });
  });

  it('answers an unknown address as a known one, and sends it nothing', async () => {
    const page = await e2e.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: appText('auth.forgot.submit') }).click();
    await page.getByText(serverText('identity.resetRequested')).waitFor();
    expect(mailbox.countTo('nobody-here@example.com')).toBe(0);
    // A link without its token says what to do.
    await page.goto('/reset-password');
    await page.getByText(appText('auth.reset.missingToken')).waitFor();
  });
});
