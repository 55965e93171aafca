import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { appText, serverText, type Language } from './texts.js';
import { addressOf, expectDelayedStep, pauseClock, toastWith, until, untilOnPausedClock } from './waits.js';

const e2e = useE2E();

const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('language'));
const heroTitle = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** Picks a language in the landing's switcher (a native select); the page reloads to apply it. */
async function chooseLanguage(page: Page, current: Language, name: string) {
  const switcher = page.getByRole('combobox', { name: appText('language.label', current) });
  const code = await switcher.getByRole('option', { name }).getAttribute('value');
  if (code === null) throw new Error(`the language switcher offers no ${name}`);
  await Promise.all([page.waitForEvent('load'), switcher.selectOption(code)]);
}

describeE2E('language', () => {
  it('is Italian by default, switches to English and German, and keeps the choice across reloads', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    expect(await heroTitle(page)).toContain(appText('landing.hero.title', 'it'));
    expect(await storedLanguage(page)).toBe('it');
    expect(await page.locator('html').getAttribute('lang')).toBe('it');

    await chooseLanguage(page, 'it', 'English');
    expect(await heroTitle(page)).toContain(appText('landing.hero.title', 'en'));
    await page.getByRole('button', { name: appText('landing.google.login', 'en') }).waitFor();
    expect(await storedLanguage(page)).toBe('en');
    await page.reload();
    expect(await heroTitle(page)).toContain(appText('landing.hero.title', 'en'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await chooseLanguage(page, 'en', 'Deutsch');
    expect(await heroTitle(page)).toContain(appText('landing.hero.title', 'de'));
    await page.getByRole('heading', { name: appText('landing.features.title', 'de') }).waitFor();
    expect(await storedLanguage(page)).toBe('de');
    await page.reload();
    expect(await heroTitle(page)).toContain(appText('landing.hero.title', 'de'));

    // A new visitor (fresh storage) starts in Italian again.
    const fresh = await e2e.newPage();
    await fresh.goto('/');
    expect(await heroTitle(fresh)).toContain(appText('landing.hero.title', 'it'));
    expect(await storedLanguage(fresh)).toBe('it');
  });
});

describeE2E('authentication errors on the landing page', () => {
  it('shows the toast for ?error=not_registered and takes the parameter out of the address', async () => {
    const page = await e2e.newPage();
    await page.goto('/?error=not_registered&utm=mail');

    const error = toastWith(page, 'Errore Autenticazione');
    await error.waitFor();
    expect(await error.innerText()).toContain(
      "Questo account Google non è registrato. Usa 'Registrati con Google' prima.",
    );
    await until('the error parameter is gone', () => addressOf(page) === '/?utm=mail');
  });

  it('leads every Google button back to the landing with the not-configured toast', async () => {
    const page = await e2e.newPage();
    const buttons = [
      { from: '/', name: 'Accedi con Google', path: '/api/auth/google' },
      { from: '/', name: 'Registrati con Google', path: '/api/auth/google/register' },
      { from: '/login', name: 'Continua con Google', path: '/api/auth/google' },
      { from: '/register', name: 'Registrati con Google', path: '/api/auth/google/register' },
    ];
    for (const { from, name, path } of buttons) {
      await page.goto(from);
      const [redirect] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === path),
        page.getByRole('button', { name }).click(),
      ]);
      expect({ name, status: redirect.status() }).toEqual({ name, status: 302 });
      const error = toastWith(page, 'Errore Autenticazione');
      await error.waitFor();
      expect(await error.innerText()).toContain(serverText('identity.googleNotConfigured'));
      await until(`the address is clean after '${name}' on ${from}`, () => addressOf(page) === '/');
    }
  });
});

describeE2E('a leftover demo session', () => {
  const AUTH_BUTTONS = ['Registrati Gratis', 'Accedi', 'Accedi con Google', 'Registrati con Google', 'Entra Subito'];

  async function visitWithDemoCookie(value: string) {
    const page = await e2e.newPage();
    await page.context().addCookies([{ name: 'authUserId', value, url: e2e.baseUrl }]);
    await page.clock.install();
    await page.goto('/');
    return page;
  }

  it('disables signing in until cleaned up, then clears the browser and reloads', async () => {
    const page = await visitWithDemoCookie('demo_user_1700000000');
    await page.evaluate(() => {
      localStorage.setItem('demoDraft', 'left over');
      sessionStorage.setItem('demoTour', 'left over');
    });
    const banner = page.getByRole('alert').filter({ hasText: 'Sessione demo attiva' });
    await banner.waitFor();
    for (const name of AUTH_BUTTONS) {
      const buttons = page.getByRole('button', { name, exact: true });
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const button of await buttons.all())
        expect({ name, disabled: await button.isDisabled() }).toEqual({ name, disabled: true });
    }
    expect(await page.locator('a[href="/login"], a[href="/register"]').count()).toBe(0);

    const cleanups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/cleanup-demo') cleanups.push(request.method());
    });
    const reloaded = page.waitForEvent('load');
    reloaded.catch(() => undefined); // awaited below; only a failed test leaves it pending
    await pauseClock(page);
    await banner.getByRole('button', { name: 'Pulisci sessioni demo' }).click();
    const done = toastWith(page, 'Sessioni demo pulite');
    await untilOnPausedClock(page, 'the toast', async () => (await done.count()) > 0);
    expect(await done.innerText()).toContain('Tutte le sessioni demo sono state rimosse. Ricarica la pagina.');
    expect(cleanups).toEqual(['POST']);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('authUserId');
    expect(await page.evaluate(() => [localStorage.getItem('demoDraft'), sessionStorage.getItem('demoTour')])).toEqual([
      null,
      null,
    ]);
    expect(await storedLanguage(page)).toBe('it');

    let reloadedYet = false;
    void reloaded.then(() => (reloadedYet = true));
    await expectDelayedStep(page, 'the reload', () => reloadedYet, { notBeforeMs: 1_000, byMs: 2_500 });
    await page.getByRole('link', { name: 'Registrati Gratis' }).first().waitFor();
    expect(await page.getByText('Sessione demo attiva').count()).toBe(0);
  });

  it('says when the cleanup fails and lets the visitor try again, one attempt at a time', async () => {
    const page = await visitWithDemoCookie('google_user_42');
    let release: () => void = () => undefined;
    let calls = 0;
    // The server side cannot be made to fail on demand: the failure is simulated at the network edge.
    await page.route('**/api/cleanup-demo', async (route) => {
      calls += 1;
      await new Promise<void>((resolve) => (release = resolve));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Servizio non disponibile"}',
      });
    });
    const cleanup = page.getByRole('button', { name: 'Pulisci sessioni demo' });
    await cleanup.click();
    await until('the cleanup is under way', () => calls === 1);
    expect(await cleanup.isDisabled()).toBe(true);
    await cleanup.dispatchEvent('click');
    release();

    const failed = toastWith(page, 'Errore nella pulizia');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Ricarica manualmente la pagina per completare la pulizia.');
    await until('the button is usable again', () => cleanup.isEnabled());
    expect(calls).toBe(1);
    expect(await page.getByText('Sessione demo attiva').isVisible()).toBe(true);
  });

  it('leaves a real account id alone', async () => {
    const page = await visitWithDemoCookie('3f2b8c1e-6a7d-4e0f-9b1a-2c3d4e5f6a7b');
    await page.getByRole('link', { name: 'Registrati Gratis' }).first().waitFor();
    expect(await page.getByText('Sessione demo attiva').count()).toBe(0);
  });
});
