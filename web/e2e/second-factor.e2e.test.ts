import { expect, it } from '@jest/globals';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText, serverText } from './texts.js';
import { addressOf, until } from './waits.js';

// Admins must have a second factor, with no grace: the console waits for it from their first sign-in.
const e2e = useE2E({ env: () => ({ ADMIN_SECOND_FACTOR: 'required', ADMIN_SECOND_FACTOR_GRACE_DAYS: '0' }) });

/**
 * A page at http://localhost:<port>: passkeys belong to a host name (the platform's default PUBLIC_URL names
 * localhost), never to an address such as 127.0.0.1.
 */
async function localhostPage(): Promise<Page> {
  const { port } = new URL(e2e.baseUrl);
  return e2e.newPage({ baseURL: `http://localhost:${port}` });
}

/** The code the authenticator app shows `periods` periods from now. */
const appCode = (secret: string, periods = 0) => generateSync({ secret, epoch: Date.now() / 1000 + periods * 30 });

describeE2E('a second factor', () => {
  it("registers a passkey from the security page, and signs in with it alone in Chromium's virtual authenticator", async () => {
    const member = await registerMember(e2e.baseUrl, newMember('chiave'));
    const page = await localhostPage();
    // A platform authenticator that keeps discoverable credentials and verifies its holder (as Touch ID would).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInByApi(page, member);
    await page.goto('/profile');
    await page.getByRole('link', { name: appText('secondFactor.profileCard.manage') }).click();
    await page.getByRole('heading', { name: appText('secondFactor.security.title') }).waitFor();
    await page.getByLabel(appText('secondFactor.passkeys.nameLabel')).fill('Chromium');
    await page.getByRole('button', { name: appText('secondFactor.passkeys.add') }).click();
    // The first factor comes with ten recovery codes, shown this once.
    const codes = page.getByRole('list', { name: appText('secondFactor.recovery.list') });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: appText('secondFactor.recovery.saved') }).click();
    await page
      .getByRole('list', { name: appText('secondFactor.passkeys.list') })
      .getByText('Chromium', { exact: true })
      .waitFor();
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Signed out, the passkey alone signs in: no e-mail, no password.
    await page.goto('/api/auth/logout');
    await page.goto('/login');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('button', { name: appText('secondFactor.signIn.withPasskey') }).click(),
    ]);
    await page.getByRole('heading', { name: `Ciao, ${member.username}!` }).waitFor();

    // Signed out again: the password, then the passkey as the second step, signing the options the login answered.
    await page.goto('/api/auth/logout');
    await page.goto('/login');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel(appText('auth.fields.password')).fill(member.password);
    await page.getByRole('button', { name: appText('auth.login.submit'), exact: true }).click();
    await page.getByRole('heading', { name: appText('secondFactor.signIn.title') }).waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('button', { name: appText('secondFactor.signIn.usePasskey') }).click(),
    ]);
    await page.getByRole('heading', { name: `Ciao, ${member.username}!` }).waitFor();
    expect(asked).toContain('/api/auth/second-step/passkey');
    expect(asked).not.toContain('/api/auth/second-step/passkey/options');
  });

  it('holds an admin to the set-up of an authenticator app, then asks for its code at every sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(appText('auth.fields.password')).fill(ADMIN.password);
    await page.getByRole('button', { name: appText('auth.login.submit'), exact: true }).click();
    // Past the grace without a factor, the admin is shown the set-up and nothing else; the server refuses the rest.
    await until('the admin is sent to the security page', () => addressOf(page) === '/security');
    await page.getByText(appText('secondFactor.admin.overdue')).waitFor();
    await page.goto('/admin');
    await until('the console sends the admin back', () => addressOf(page) === '/security');
    const refused = await page.request.get('/api/admin/stats');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      serverText('identity.secondFactorSetupRequired'),
    );

    await page.getByRole('button', { name: appText('secondFactor.app.setUp') }).click();
    await page.getByRole('img', { name: appText('secondFactor.app.qrAlt') }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel(appText('secondFactor.app.codeLabel')).fill(appCode(secret));
    await page.getByRole('button', { name: appText('secondFactor.app.confirm') }).click();
    await page.getByRole('list', { name: appText('secondFactor.recovery.list') }).waitFor();
    await page.getByRole('button', { name: appText('secondFactor.recovery.saved') }).click();
    expect((await page.request.get('/api/admin/stats')).status()).toBe(200);

    // Another browser: the password, then the app's next code.
    const laptop = await e2e.newPage();
    await laptop.goto('/login');
    await laptop.getByLabel('Email').fill(ADMIN.email);
    await laptop.getByLabel(appText('auth.fields.password')).fill(ADMIN.password);
    await laptop.getByRole('button', { name: appText('auth.login.submit'), exact: true }).click();
    await laptop.getByRole('heading', { name: appText('secondFactor.signIn.title') }).waitFor();
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
    await laptop.getByLabel(appText('secondFactor.signIn.codeLabel')).fill(appCode(secret, 1));
    await Promise.all([
      laptop.waitForURL((url) => url.pathname === '/'),
      laptop.getByRole('button', { name: appText('secondFactor.signIn.verify') }).click(),
    ]);
    await laptop.goto('/admin');
    expect((await laptop.request.get('/api/admin/stats')).status()).toBe(200);
    expect(addressOf(laptop)).toBe('/admin');
  });

  it('says when the factors could not be read, and reads them again when asked', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('rilettura'));
    const page = await e2e.newPage();
    await signInByApi(page, member);
    // The app asks twice (one retry) before it says so; the third ask, the member's, goes through.
    let refused = 0;
    await page.route('**/api/auth/second-factors', async (route) => {
      if (refused === 2) return route.continue();
      refused += 1;
      await route.fulfill({ status: 503, json: { message: 'occupato' } });
    });
    await page.goto('/security');
    const alert = page.getByRole('alert').filter({ hasText: appText('secondFactor.security.loadError') });
    await alert.waitFor();
    await alert.getByRole('button', { name: appText('common.retry') }).click();
    await page.getByLabel(appText('secondFactor.passkeys.nameLabel')).waitFor();
    expect(refused).toBe(2);
  });
});
