import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi, type Member } from './members.js';
import { appText, euro, serverText, withValues } from './texts.js';
import { addressOf, realtimeConnected, toastWith, until } from './waits.js';
import { payButton, payWithCard } from './wallet.js';

// The platform runs the demo payment provider (no STRIPE_SECRET_KEY): test card numbers, no network, no money.
const e2e = useE2E();

const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

async function signedIn(member: Member) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  return page;
}

/** The balance the sidebar shows (its text is in the page whether the sidebar is open or not). */
const sidebarCredits = (page: Page) => page.getByTestId('sidebar-credits').innerText();

const untilSidebarShows = (page: Page, credits: number) =>
  until(`the sidebar shows ${credits} credits`, async () => (await sidebarCredits(page)) === String(credits));

describeE2E('checkout with the demo provider', () => {
  it("asks a visitor to sign in: 'Accesso Richiesto', Google sign-in and a way home", async () => {
    const page = await e2e.newPage();
    await page.goto('/checkout');

    await page.getByRole('heading', { name: appText('loginRequired.checkout.title') }).waitFor();
    expect(addressOf(page)).toBe('/checkout');
    expect(await page.getByRole('radio').count()).toBe(0);
    // Google sign-in is a full navigation to the BFF (answered here without Google configured: only the request counts).
    const google = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/google');
    await page.getByRole('button', { name: appText('landing.google.login') }).click();
    await google;

    await page.goto('/checkout');
    await page.getByRole('link', { name: appText('common.backHome') }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the three packages with their badges and prices, the popular one chosen, and the premium plan', async () => {
    const page = await signedIn(newMember('vetrina'));
    await page.goto('/checkout');

    const packages = page.getByRole('radio');
    await packages.first().waitFor();
    expect(await packages.count()).toBe(3);
    const ten = page.getByTestId('package-10');
    expect(await ten.getAttribute('aria-checked')).toBe('true');
    expect(await ten.innerText()).toContain(appText('checkout.packages.popular'));
    expect(await ten.innerText()).toContain(euro(999));
    expect(await page.getByTestId('package-25').innerText()).toContain(
      withValues(appText('checkout.packages.discount'), { percent: 20 }),
    );
    expect(await page.getByTestId('package-50').innerText()).toContain(
      withValues(appText('checkout.packages.discount'), { percent: 30 }),
    );
    expect(await page.getByTestId('package-25').innerText()).toContain(
      withValues(appText('checkout.packages.perCredit'), { price: euro(80) }),
    );
    // The demo says plainly that no money moves, and lists its test cards.
    await page.getByText(appText('checkout.demo.title')).waitFor();
    await page.getByText(CARDS.declined).waitFor();

    await page.getByTestId('package-25').click();
    expect(await page.getByTestId('order-total').innerText()).toBe(euro(1999));
    await payButton(page, 1999).waitFor();

    await page.getByRole('tab', { name: appText('checkout.tabs.premium') }).click();
    const plan = page.getByTestId('premium-plan');
    await plan.getByText(appText('checkout.premium.features.premiumPosts')).waitFor();
    expect(await plan.innerText()).toContain(euro(2000));
    await payButton(page, 2000).waitFor();
  });

  it('offers an admin credits but no premium tab', async () => {
    const page = await e2e.newPage();
    await signInByApi(page, ADMIN);
    await page.goto('/checkout');

    await page.getByRole('tab', { name: appText('checkout.tabs.credits') }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(3);
    expect(await page.getByRole('tab', { name: appText('checkout.tabs.premium') }).count()).toBe(0);
  });

  it('buys 10 credits with 4242…: toast, success screen, and the balance goes from 0 to 10 by push', async () => {
    const member = newMember('compra');
    const page = await signedIn(member);
    // The same member in a second, idle tab: nothing there asks the server, so only a push can change its balance.
    const idle = await e2e.newPage();
    await signInByApi(idle, member);
    const idleConnected = realtimeConnected(idle);
    await idle.goto('/');
    await idleConnected;
    await untilSidebarShows(idle, 0);
    const userReads: string[] = [];
    idle.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') userReads.push(request.url());
    });

    await page.goto('/checkout');
    await untilSidebarShows(page, 0);
    await payWithCard(page, CARDS.succeeds, 999);

    const done = toastWith(page, appText('checkout.success.creditsTitle'));
    await done.waitFor();
    expect(await done.innerText()).toContain(
      withValues(appText('checkout.success.creditsDescription'), { credits: 10 }),
    );
    await page.getByRole('heading', { name: appText('checkout.success.pageTitle') }).waitFor();
    expect(addressOf(page)).toBe('/checkout?success=true');
    await untilSidebarShows(page, 10);
    await untilSidebarShows(idle, 10);
    expect(userReads).toEqual([]);

    await page.getByRole('link', { name: appText('checkout.success.back') }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await untilSidebarShows(page, 10);
  });

  it("keeps 'Pagamento Fallito' with the decline reason beside the card until the next attempt; the balance stays 0", async () => {
    const page = await signedIn(newMember('rifiuto'));
    await page.goto('/checkout');
    await payWithCard(page, CARDS.declined, 999);

    const failure = page.getByTestId('order-summary').getByRole('alert');
    await failure.getByText(appText('checkout.errors.paymentTitle')).waitFor();
    expect(await failure.innerText()).toContain(serverText('wallet.cardDeclined'));
    expect(addressOf(page)).toBe('/checkout');
    // Ready for another try, and nothing was credited.
    await until('the pay button is enabled again', () => payButton(page, 999).isEnabled());
    expect(await sidebarCredits(page)).toBe('0');
    const user = await page.request.get('/api/auth/user');
    expect(((await user.json()) as { credits: number }).credits).toBe(0);

    // The reason stays while she types another card, and goes with the next attempt, which says its own.
    await page.getByLabel(appText('checkout.demo.cardNumber')).fill(CARDS.insufficientFunds);
    expect(await failure.innerText()).toContain(serverText('wallet.cardDeclined'));
    await payButton(page, 999).click();
    await failure.getByText(serverText('wallet.cardInsufficientFunds')).waitFor();
    expect(await failure.innerText()).not.toContain(serverText('wallet.cardDeclined'));
    expect(await toastWith(page, appText('checkout.errors.paymentTitle')).count()).toBe(0);
  });

  it("refuses a mistyped card number with 'Errore Validazione' before any payment is opened", async () => {
    const page = await signedIn(newMember('refuso'));
    const opened: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/create-payment-intent') opened.push(request.url());
    });
    await page.goto('/checkout');
    await payWithCard(page, '4242 4242 4242 4241', 999);

    const refused = page.getByTestId('order-summary').getByRole('alert');
    await refused.getByText(appText('checkout.errors.validationTitle')).waitFor();
    expect(await refused.innerText()).toContain(serverText('wallet.cardInvalidNumber'));
    expect(await page.getByLabel(appText('checkout.demo.cardNumber')).getAttribute('aria-invalid')).toBe('true');
    expect(opened).toEqual([]);

    // Corrected, the number goes through.
    await page.getByLabel(appText('checkout.demo.cardNumber')).fill(CARDS.succeeds);
    await payButton(page, 999).click();
    await page.getByRole('heading', { name: appText('checkout.success.pageTitle') }).waitFor();
  });

  it('goes back to the page named by returnTo once paid, and only to a page of this site', async () => {
    const page = await signedIn(newMember('ritorno'));
    await page.goto(`/checkout?returnTo=${encodeURIComponent('/profile?da=checkout')}`);
    await page.getByText(appText('checkout.returnTo.subtitle')).waitFor();
    await payWithCard(page, CARDS.succeeds, 999);
    await toastWith(page, appText('checkout.success.creditsTitle')).waitFor();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/profile?da=checkout');
    await untilSidebarShows(page, 10);

    // Without buying: one tap back.
    await page.goto(`/checkout?returnTo=${encodeURIComponent('/feedback')}`);
    await page.getByRole('link', { name: appText('checkout.returnTo.back') }).click();
    await page.waitForURL((url) => url.pathname === '/feedback');

    // Another site is not a place to return to: the completion screen as usual.
    for (const elsewhere of ['https://evil.example/', '//evil.example/']) {
      await page.goto(`/checkout?returnTo=${encodeURIComponent(elsewhere)}`);
      await page.getByText(appText('checkout.subtitle')).waitFor();
      expect(await page.getByRole('link', { name: appText('checkout.returnTo.back') }).count()).toBe(0);
    }
    await payWithCard(page, CARDS.succeeds, 999);
    await page.getByRole('heading', { name: appText('checkout.success.pageTitle') }).waitFor();
    expect(addressOf(page)).toBe('/checkout?success=true');
  });

  it('buys premium: the toast gives the expiry, and the crown shows in the sidebar and on the profile', async () => {
    const page = await signedIn(newMember('corona'));
    await page.goto('/checkout');
    const crown = page.getByRole('img', { name: appText('premium.badgeLabel') });
    expect(await crown.count()).toBe(0);

    await page.getByRole('tab', { name: appText('checkout.tabs.premium') }).click();
    await payWithCard(page, CARDS.succeeds, 2000);

    const activated = toastWith(page, appText('checkout.success.premiumTitle'));
    await activated.waitFor();
    await page.getByRole('heading', { name: appText('checkout.success.pageTitle') }).waitFor();
    await crown.waitFor({ state: 'attached' });

    await page.goto('/profile');
    await page.locator('main section').first().getByTestId('premium-badge').waitFor();
    const status = page.getByTestId('premium-status');
    const activeUntil = withValues(appText('premium.status.activeUntil'), { date: '' }).trim();
    expect(await status.innerText()).toContain(activeUntil);
    expect(await status.innerText()).toContain(appText('premium.status.source.purchased'));
    // A premium purchase adds no credits.
    expect(await sidebarCredits(page)).toBe('0');
  });
});
