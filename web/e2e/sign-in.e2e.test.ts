import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, useE2E, describeE2E } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText, serverText } from './texts.js';
import { addressOf, toastWith, until } from './waits.js';

const e2e = useE2E();

async function signInWithForm(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

describeE2E('signing in', () => {
  it('shows the admin entries to the admin', async () => {
    const page = await e2e.newPage();
    await signInWithForm(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'Apri menu' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Navigazione principale' });
    const adminLink = sidebar.getByRole('link', { name: 'Amministrazione' });
    await adminLink.waitFor();
    await adminLink.click();
    await page.waitForURL('**/admin');
    // The header's title names the page (the header's admin link carries the same word, for screen readers).
    await page.getByRole('banner').getByRole('paragraph').filter({ hasText: 'Amministrazione' }).waitFor();

    await page.goto('/profile');
    const role = page.locator('dl > div', { hasText: 'Ruolo' });
    await role.getByText('Amministratore').waitFor();
    // An admin counts as approved: no pending notice.
    expect(await page.getByText('Account in attesa di approvazione').count()).toBe(0);
  });

  it("says 'Errore di accesso' with the server's message for a wrong password", async () => {
    const page = await e2e.newPage();
    await signInWithForm(page, { email: ADMIN.email, password: 'not-the-password' });

    const error = toastWith(page, 'Errore di accesso');
    await error.waitFor();
    expect(await error.innerText()).toContain(serverText('identity.invalidCredentials'));
    expect(addressOf(page)).toBe('/login');
    const session = await page.request.get('/api/auth/user');
    expect(session.status()).toBe(401);
  });

  it("gives the server's message in the visitor's language", async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('still-not-the-password');
    await page.getByRole('button', { name: appText('auth.login.submit', 'en'), exact: true }).click();

    const error = toastWith(page, appText('auth.login.errorTitle', 'en'));
    await error.waitFor();
    expect(await error.innerText()).toContain(serverText('identity.invalidCredentials', 'en'));
  });
});

describeE2E('deleting the account', () => {
  it('needs ELIMINA typed exactly, then signs the member out for good', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('addio'));
    const page = await e2e.newPage();
    await signInByApi(page, member);
    await page.goto('/profile');
    await page.evaluate(() => sessionStorage.setItem('draft', 'unsent'));

    await page.getByRole('button', { name: 'Elimina account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Elimina definitivamente' });
    const word = dialog.getByLabel('Per confermare digita ELIMINA');
    expect(await confirm.isDisabled()).toBe(true);
    for (const almost of ['elimina', 'ELIMIN', 'ELIMINA ', ' ELIMINA', 'ELIMINAA']) {
      await word.fill(almost);
      expect({ typed: almost, disabled: await confirm.isDisabled() }).toEqual({ typed: almost, disabled: true });
    }
    await word.fill('ELIMINA');
    expect(await confirm.isEnabled()).toBe(true);

    await confirm.click();
    await toastWith(page, 'Account Eliminato').waitFor();
    // Out through /api/logout, back on the landing page as a visitor.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Registrati Gratis' }).first().waitFor();
    await until('the session is gone', async () => (await page.request.get('/api/auth/user')).status() === 401);
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name === 'authUserId')).toEqual([]);
    // The browser forgets the session too; only the language choice stays.
    expect(await page.evaluate(() => [sessionStorage.getItem('draft'), localStorage.getItem('language')])).toEqual([
      null,
      'it',
    ]);

    await signInWithForm(page, member);
    expect(await toastWith(page, 'Errore di accesso').innerText()).toContain(serverText('identity.invalidCredentials'));
    expect(addressOf(page)).toBe('/login');
  });
});
