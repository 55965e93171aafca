import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { newMember, registerMember, verificationPhoto, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, expectDelayedStep, toastWith, until } from './waits.js';

const e2e = useE2E();

/** Fills every field of the registration form as a person would, the photo excepted. */
async function fillRegistration(page: Page, member: Member, confirmPassword = member.password) {
  await page.getByLabel('Nome utente').fill(member.username);
  await page.getByLabel('Username Telegram (opzionale)').fill(member.telegramUsername);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Conferma password').fill(confirmPassword);
  await page.getByLabel('Genere').click();
  await page.getByRole('option', { name: member.gender === 'female' ? 'Donna' : 'Uomo' }).click();
  await page.getByLabel('Orientamento').click();
  await page.getByRole('option', { name: 'Etero', exact: true }).click();
  await page.getByLabel('Età (opzionale)').fill(String(member.age));
  await page.getByLabel('Regione (opzionale)').fill(member.region);
  await page.getByLabel('Città (opzionale)').fill(member.city);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Registrati con Foto' });

describeE2E('registration', () => {
  it('registers with a photo, signs in and shows the pending state', async () => {
    const member = newMember('nuova');
    const page = await e2e.newPage();
    await page.clock.install();
    await page.goto('/register');

    await fillRegistration(page, member);
    // Everything but the photo is filled: the form still cannot be sent.
    expect(await submitButton(page).isDisabled()).toBe(true);

    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto('la-mia-verifica.jpg'));
    const preview = page.getByRole('img', { name: 'Anteprima della foto selezionata' });
    await preview.waitFor();
    await until('the preview shows the decoded photo', () =>
      preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    );
    await page.getByText('la-mia-verifica.jpg').waitFor();
    expect(await submitButton(page).isEnabled()).toBe(true);

    await submitButton(page).click();
    await page.getByRole('heading', { name: 'Registrazione Completata!' }).waitFor();
    // She is greeted as a woman, and told what happens to the photo she has just sent; nothing asks for it again.
    const welcome = withValues(appText('auth.register.completeDescription_female'), { username: member.username });
    await page.getByText(welcome).waitFor();
    const toast = toastWith(page, 'Registrazione completata');
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`Benvenuta ${member.username}!`);
    const next = page.getByTestId('registration-next');
    expect(await next.getByRole('listitem').allInnerTexts()).toEqual([
      appText('auth.register.nextReview'),
      appText('auth.register.nextMeanwhile'),
      appText('auth.register.nextApproved'),
    ]);
    const card = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Registrazione Completata!' }),
    });
    expect(await card.getByRole('link').allInnerTexts()).toEqual([
      appText('auth.register.completeLogin'),
      appText('common.backHome'),
    ]);

    // The success screen stays for 2 s, then the login form takes over, still saying the photo is waiting.
    await expectDelayedStep(page, 'the move to /login', () => addressOf(page) === '/login', {
      notBeforeMs: 1_000,
      byMs: 2_500,
    });
    await page.getByTestId('registered-notice').getByText(appText('auth.login.registeredNotice')).waitFor();

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('button', { name: 'Accedi' }).click(),
    ]);

    // The member layout: top bar with the menu, the signed-in home.
    await page.getByRole('button', { name: 'Apri menu' }).waitFor();
    await page.getByRole('heading', { name: `Ciao, ${member.username}!` }).waitFor();

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Account in attesa di approvazione' }).waitFor();
    const verificationRow = page.locator('dl > div', { hasText: 'Verifica' });
    expect((await verificationRow.innerText()).replace(/\s+/g, ' ')).toBe('Verifica In attesa');
    // What was typed is what was stored, the Telegram name with the '@' the server adds.
    expect(await page.getByLabel('Username Telegram').inputValue()).toBe(`@${member.telegramUsername}`);
    expect(await page.getByLabel('Città').inputValue()).toBe(member.city);
  });

  it("greets a man as 'Benvenuto'", async () => {
    const member = { ...newMember('nuovo'), gender: 'male' as const };
    const page = await e2e.newPage();
    await page.goto('/register');
    await fillRegistration(page, member);
    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto());
    await submitButton(page).click();

    await page.getByText(`Benvenuto ${member.username}! Il tuo account è stato creato`).waitFor();
    expect(await toastWith(page, 'Registrazione completata').innerText()).toContain(`Benvenuto ${member.username}!`);
  });

  it('says in Italian that the passwords do not match, without sending anything', async () => {
    const member = newMember('diversa');
    const page = await e2e.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) sent.push(request.url());
    });
    await page.goto('/register');

    await fillRegistration(page, member, `${member.password}-altra`);
    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto());
    await submitButton(page).click();

    const mismatch = page.locator('#register-confirm-password-error');
    await mismatch.waitFor();
    expect(await mismatch.innerText()).toBe('Le password non corrispondono');
    expect(await page.getByLabel('Conferma password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(addressOf(page)).toBe('/register');
  });

  it("shows the server's own text when the username is taken (409)", async () => {
    const taken = await registerMember(e2e.baseUrl, newMember('presa'));
    // Same name in other letters' case, new e-mail: usernames are unique regardless of case.
    const member = { ...newMember('altra'), username: taken.username.toUpperCase() };
    const page = await e2e.newPage();
    await page.goto('/register');

    await fillRegistration(page, member);
    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto());
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/register')),
      submitButton(page).click(),
    ]);

    expect(answer.status()).toBe(409);
    const serverMessage = ((await answer.json()) as { message: string }).message;
    expect(serverMessage).toBe(serverText('identity.usernameTaken'));
    const error = toastWith(page, 'Errore di registrazione');
    await error.waitFor();
    expect(await error.innerText()).toContain(serverMessage);
    // The form stays, filled, for a second try.
    expect(await page.getByLabel('Email').inputValue()).toBe(member.email);
  });
});
