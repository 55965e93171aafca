import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSmtpCatcher, type SmtpCatcher } from '@tip/identity/testing';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { newMember, registerMember, verificationPhoto, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, expectDelayedStep, pauseClock, toastWith, until } from './waits.js';

// A real SMTP server the platform sends its mail to: the e-mail step's code is read from what it received.
let mailbox: SmtpCatcher;
beforeAll(async () => {
  mailbox = await startSmtpCatcher({ plain: true });
});
afterAll(() => mailbox.stop());
const e2e = useE2E({ env: () => ({ SMTP_URL: mailbox.url }) });

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
  it('registers with a photo, confirms the address with the mailed code, and enters the community waiting', async () => {
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
    const toast = toastWith(page, 'Registrazione completata');
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`Benvenuta ${member.username}!`);

    // The e-mail step: the code went to the address just typed, through the SMTP server, in Italian.
    await page.getByRole('heading', { name: appText('auth.emailStep.title') }).waitFor();
    await page.getByText(withValues(appText('auth.emailStep.subtitle'), { email: member.email })).waitFor();
    const mail = await mailbox.nextTo(member.email);
    expect(mail.subject).toBe(withValues(serverText('identity.mailConfirmSubject'), { product: 'Tip' }));
    expect(mail.html).toContain('support@tip.community');
    const code = /^ {4}(\d{6})$/m.exec(mail.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is refused in Italian, and the right one confirms.
    const wrong = code === '000000' ? '000001' : '000000';
    await page.getByLabel(appText('auth.emailStep.code')).fill(wrong);
    await page.getByRole('button', { name: appText('auth.emailStep.submit'), exact: true }).click();
    await toastWith(page, serverText('identity.confirmationInvalid')).waitFor();
    await page.getByLabel(appText('auth.emailStep.code')).fill(code);
    await pauseClock(page);
    await page.getByRole('button', { name: appText('auth.emailStep.submit'), exact: true }).click();
    await toastWith(page, serverText('identity.emailConfirmed')).waitFor();

    // Then the waiting step: what happens to the photo she has just sent; nothing asks for it again.
    await page.getByRole('heading', { name: 'Registrazione Completata!' }).waitFor();
    const welcome = withValues(appText('auth.register.completeDescription_female'), { username: member.username });
    await page.getByText(welcome).waitFor();
    const next = page.getByTestId('registration-next');
    expect(await next.getByRole('listitem').allInnerTexts()).toEqual([
      appText('auth.register.nextReview'),
      appText('auth.register.nextMeanwhile'),
      appText('auth.register.nextApproved'),
    ]);
    const card = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Registrazione Completata!' }),
    });
    expect(await card.getByRole('link').allInnerTexts()).toEqual([appText('auth.register.completeContinue')]);

    // The screen stays for 2 s, then the community opens: she is signed in since registering.
    await expectDelayedStep(page, 'the move to /', () => addressOf(page) === '/', {
      notBeforeMs: 1_000,
      byMs: 2_500,
    });
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

  it('confirms the address from the mail’s link in another browser', async () => {
    const member = newMember('collegata');
    const page = await e2e.newPage();
    await page.goto('/register');
    await fillRegistration(page, member);
    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto());
    await submitButton(page).click();
    await page.getByRole('heading', { name: appText('auth.emailStep.title') }).waitFor();
    const link = new URL((await mailbox.nextTo(member.email)).text?.match(/https?:\/\/\S+confirm-email\S+/)?.[0] ?? '');

    const phone = await e2e.newPage();
    await phone.goto(`${link.pathname}${link.search}`);
    // The screen moves on to the community 2 s after it shows: its title and text are read together, in one look, so
    // a slow machine cannot read the one and then, after the move, miss the other (as beside another suite).
    const confirmed = phone.locator('[data-slot="card"]', {
      has: phone.getByRole('heading', { name: appText('auth.confirmEmail.doneTitle') }),
      hasText: serverText('identity.emailConfirmed'),
    });
    await confirmed.waitFor();
    // Once: the same link again says it no longer works.
    const again = await e2e.newPage();
    await again.goto(`${link.pathname}${link.search}`);
    await again.getByRole('heading', { name: appText('auth.confirmEmail.failedTitle') }).waitFor();
    await again.getByText(serverText('identity.confirmationInvalid')).waitFor();
  });

  it("greets a man as 'Benvenuto'", async () => {
    const member = { ...newMember('nuovo'), gender: 'male' as const };
    const page = await e2e.newPage();
    await page.goto('/register');
    await fillRegistration(page, member);
    await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto());
    await submitButton(page).click();
    expect(await toastWith(page, 'Registrazione completata').innerText()).toContain(`Benvenuto ${member.username}!`);

    // The e-mail step may wait: the address stays unconfirmed, and the waiting step greets him all the same.
    await page.getByRole('button', { name: appText('auth.emailStep.later') }).click();
    await page.getByText(`Benvenuto ${member.username}! Il tuo account è stato creato`).waitFor();

    // His profile says the address is not confirmed yet, and takes him back to the step.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: `Ciao, ${member.username}!` }).waitFor();
    await page.goto('/profile');
    const unconfirmed = page.getByTestId('email-unconfirmed');
    await unconfirmed.getByText(appText('profile.status.emailUnconfirmed')).waitFor();
    await unconfirmed.getByRole('link', { name: appText('profile.status.confirmEmail') }).click();
    await page.getByRole('heading', { name: appText('auth.emailStep.title') }).waitFor();
    await page.getByText(withValues(appText('auth.emailStep.subtitle'), { email: member.email })).waitFor();
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
