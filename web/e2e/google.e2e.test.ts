import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { freePort, startOidcProvider, type TestOidcProvider } from '@tip/platform/testing';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { newMember, verificationPhoto, type Member } from './members.js';
import { addressOf, expectDelayedStep, pauseClock, toastWith, until, untilOnPausedClock } from './waits.js';

/*
 * Signing up and in with Google as people do it, against a real OpenID provider standing in for Google (no mocks):
 * the landing page's buttons, the provider's own login and consent pages, and back to the platform.
 */

const CLIENT = { clientId: 'tip-e2e-client', clientSecret: 'tip-e2e-client-secret' };
// The landing's texts (docs/product.md#google), written out: the catalogues must say exactly this.
const AUTH_ERROR_TITLE = 'Errore Autenticazione';
const ALREADY_REGISTERED = "Questo account Google è già registrato. Usa 'Accedi con Google' invece.";
const NOT_REGISTERED = "Questo account Google non è registrato. Usa 'Registrati con Google' prima.";

let port = 0;
let provider: TestOidcProvider | undefined;

// Registered before useE2E's own, so it runs first: the provider needs the platform's redirect URI (hence the port
// chosen up front), the platform the provider's issuer.
beforeAll(async () => {
  port = await freePort();
  provider = await startOidcProvider({ ...CLIENT, redirectUri: `http://127.0.0.1:${port}/api/auth/google/callback` });
});
afterAll(async () => {
  await provider?.stop();
});

const e2e = useE2E({
  port: () => port,
  env: () => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: issuer(),
  }),
});

function issuer(): string {
  if (!provider) throw new Error('the OpenID provider is not running (did beforeAll fail?)');
  return provider.issuer;
}

const onProvider = (url: string) => new URL(url).origin === new URL(issuer()).origin;

/**
 * A page that reaches only the platform and the provider (the provider's pages import a web font), and the
 * addresses (path and query) its tab showed on the platform, redirects' ends and address-bar rewrites included.
 */
async function newPage(): Promise<{ page: Page; addresses: string[] }> {
  const page = await e2e.newPage();
  const local = [new URL(e2e.baseUrl).origin, new URL(issuer()).origin];
  await page.context().route(
    (url) => !local.includes(url.origin),
    (route) => route.abort(),
  );
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || onProvider(frame.url())) return;
    const url = new URL(frame.url());
    addresses.push(`${url.pathname}${url.search}`);
  });
  return { page, addresses };
}

/** Runs `action` and waits until the tab has loaded the document it leads to, past any redirects. */
async function navigating(page: Page, action: () => Promise<void>) {
  const committed = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await action();
  await committed;
  await page.waitForLoadState('domcontentloaded');
}

/**
 * Clicks a Google button on the landing page and answers what the provider asks, as a person would: its login
 * page (the login name picks the Google account; any password does) and its consent page. A provider that still
 * has a session for the account asks nothing. Resolves with what it asked, once the tab is back on the platform.
 */
async function throughGoogle(page: Page, button: 'Accedi con Google' | 'Registrati con Google', account: string) {
  await navigating(page, () => page.getByRole('button', { name: button }).click());
  const asked: string[] = [];
  while (onProvider(page.url())) {
    const login = page.locator('input[name="login"]');
    const consent = page.getByRole('button', { name: 'Continue' });
    await login.or(consent).first().waitFor();
    if (await login.isVisible()) {
      asked.push('login');
      await login.fill(account);
      await page.locator('input[name="password"]').fill('qualsiasi-password');
      await navigating(page, () => page.getByRole('button', { name: 'Sign-in' }).click());
    } else {
      asked.push('consent');
      await navigating(page, () => consent.click());
    }
  }
  return asked;
}

/** Back on the landing page from `/?error=<code>`: one toast with the code's text, and a clean address. */
async function expectLandingError(page: Page, addresses: string[], code: string, text: string) {
  const toast = toastWith(page, AUTH_ERROR_TITLE);
  await toast.waitFor();
  expect(await toast.innerText()).toContain(text);
  expect(addresses).toContain(`/?error=${code}`);
  await until('the error parameter is gone', () => addressOf(page) === '/');
  expect(await toast.count()).toBe(1);
  // Still a visitor: the landing page, no session.
  await page.getByRole('button', { name: 'Registrati con Google' }).waitFor();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}

async function completeProfile(page: Page, member: Member) {
  await page.getByLabel('Nome utente').fill(member.username);
  await page.getByLabel('Età').fill(String(member.age));
  await page.getByLabel('Genere').click();
  await page.getByRole('option', { name: 'Donna' }).click();
  await page.getByLabel('Orientamento').click();
  await page.getByRole('option', { name: 'Etero', exact: true }).click();
  await page.getByLabel('Regione').fill(member.region);
  await page.getByLabel('Città').fill(member.city);
  await page.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto('io-con-il-foglio.jpg'));
  await page.getByText('io-con-il-foglio.jpg').waitFor();
}

/** The signed-in member area on its home, which greets a Google account by its Google name. */
async function expectMemberHome(page: Page, name: string) {
  await page.getByRole('button', { name: 'Apri menu' }).waitFor();
  await page.getByRole('heading', { name: `Ciao, ${name}!` }).waitFor();
  expect(addressOf(page)).toBe('/');
}

const signedInUser = async (page: Page) =>
  (await (await page.request.get('/api/auth/user')).json()) as Record<string, unknown>;

/** The top bar's 'Esci': out through /api/logout, back on the landing page. */
async function signOut(page: Page) {
  await navigating(page, () => page.getByRole('banner').getByRole('button', { name: 'Esci' }).click());
  await page.getByRole('button', { name: 'Registrati con Google' }).waitFor();
}

describeE2E('Google sign-up and sign-in', () => {
  it('signs up a new Google account, which completes its profile and signs in again; a second sign-up is refused', async () => {
    const member = newMember('google');
    const account = `nuova-${member.username}`;
    // What the test provider's ID token says about the account (see oidc-provider.mjs).
    const googleName = `Test ${account}`;
    const { page, addresses } = await newPage();
    await page.clock.install();
    await page.goto('/');

    // An account the provider has never seen: its login page, its consent page, then the profile to complete.
    expect(await throughGoogle(page, 'Registrati con Google', account)).toEqual(['login', 'consent']);
    expect(addressOf(page)).toBe('/google-profile-setup');
    await page.getByRole('heading', { name: 'Completa il tuo profilo' }).waitFor();
    await completeProfile(page, member);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Completa Profilo' }).click();

    const done = page.getByRole('heading', { name: 'Profilo Completato!' });
    const toast = toastWith(page, 'Profilo Completato');
    await untilOnPausedClock(
      page,
      'the success screen',
      async () => (await done.isVisible()) && (await toast.count()) > 0,
    );
    // The success screen stays for 2 s, then the member area takes over.
    await expectDelayedStep(page, 'the move to /', () => addressOf(page) === '/', { notBeforeMs: 1_000, byMs: 2_500 });
    await expectMemberHome(page, googleName);
    // The verification photo waits for an admin.
    await page.getByText('Account in attesa di approvazione').waitFor();
    await page.getByRole('main').getByText('In attesa', { exact: true }).waitFor();
    const me = await signedInUser(page);
    expect(me).toMatchObject({
      username: member.username,
      email: `${account}@gmail.test`,
      age: member.age,
      city: member.city,
      verificationStatus: 'pending',
      needsProfileSetup: false,
    });

    // Out, and in again with the same Google account (the provider remembers it): straight into the member area.
    await signOut(page);
    addresses.length = 0;
    await throughGoogle(page, 'Accedi con Google', account);
    await expectMemberHome(page, googleName);
    expect(addresses).not.toContain('/google-profile-setup');
    expect((await signedInUser(page)).id).toBe(me.id);
    // The setup page has nothing more to ask of a complete profile (a reload during its success screen lands here).
    await page.goto('/google-profile-setup');
    await expectMemberHome(page, googleName);

    // Out again, and 'Registrati con Google' with that account: refused on the landing page.
    await signOut(page);
    addresses.length = 0;
    await throughGoogle(page, 'Registrati con Google', account);
    await expectLandingError(page, addresses, 'already_registered', ALREADY_REGISTERED);
  });

  it("refuses 'Accedi con Google' for an account that never signed up", async () => {
    const { page, addresses } = await newPage();
    await page.goto('/');

    expect(await throughGoogle(page, 'Accedi con Google', 'mai-registrata')).toEqual(['login', 'consent']);
    await expectLandingError(page, addresses, 'not_registered', NOT_REGISTERED);
  });
});
