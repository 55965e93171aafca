import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@tip/platform/testing';
import { io as connect } from 'socket.io-client';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.admin();
});
afterAll(() => stack.stop());

const entriesOf = async (userId: string) =>
  (await stack.wallet.History({ userId, cursor: '', limit: 100 })).entries.length;

/** A member paying for a package with the demo provider's card, as the checkout does. */
async function buy(browser: Browser, body: unknown, card = '4242 4242 4242 4242') {
  const started = await browser.postJson('/api/create-payment-intent', body);
  expect(started.status).toBe(200);
  const session = (await json(started)) as { paymentIntentId: string; amountCents: number };
  const paid = await browser.postJson('/api/demo-payments/confirm', {
    paymentIntentId: session.paymentIntentId,
    cardNumber: card,
    expiry: '12/39',
    cvc: '123',
  });
  return { session, paid };
}

describe('the catalogue and payments', () => {
  it('lists the packages and plan in cents, with the provider in use', async () => {
    const response = await stack.browser().get('/api/wallet/catalogue');
    expect(await json(response)).toMatchObject({
      currency: 'eur',
      provider: 'demo',
      packages: [
        { id: 'credits-10', credits: 10, priceCents: 999, discountPercent: 0, popular: true },
        { id: 'credits-25', credits: 25, priceCents: 1999, discountPercent: 20, popular: false },
        { id: 'credits-50', credits: 50, priceCents: 3499, discountPercent: 30, popular: false },
      ],
      premiumPlans: [{ id: 'premium-1m', months: 1, priceCents: 2000 }],
    });
  });

  it('charges the server’s price whatever amount the browser sends, and credits once', async () => {
    const { browser, id } = await stack.member('paola');
    const { session, paid } = await buy(browser, { amount: 0.01, credits: 25 });
    expect(session.amountCents).toBe(1999);
    expect(paid.status).toBe(200);
    const confirmations = await Promise.all(
      [1, 2, 3].map(() => browser.postJson('/api/confirm-payment', { paymentIntentId: session.paymentIntentId })),
    );
    for (const confirmed of confirmations) {
      expect(confirmed.status).toBe(200);
      expect(await json(confirmed)).toMatchObject({ credits: 25, creditsAdded: 25, premiumExpiry: null });
    }
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 25 });
    expect(await entriesOf(id)).toBe(1);
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({ credits: 25 });
  });

  it('says in the buyer’s language that 25 credits were added', async () => {
    const { browser } = await stack.member('quinto');
    const { session } = await buy(browser, { credits: 10 });
    const confirmed = await browser.request('/api/confirm-payment', {
      method: 'POST',
      json: { paymentIntentId: session.paymentIntentId },
      headers: { 'Accept-Language': 'en' },
    });
    expect(await json(confirmed)).toMatchObject({ message: '10 credits added successfully!' });
  });

  it('refuses an unknown package and a premium duration that is not sold', async () => {
    const { browser } = await stack.member('rocco');
    const unknown = await browser.postJson('/api/create-payment-intent', { amount: 5, credits: 7 });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ message: 'Pacchetto non disponibile.' });
    expect((await browser.postJson('/api/create-premium-subscription', { duration: 3 })).status).toBe(400);
  });

  it('tells a declined card, and credits nothing', async () => {
    const { browser, id } = await stack.member('sofia');
    const { session, paid } = await buy(browser, { credits: 10 }, '4000 0000 0000 0002');
    expect(paid.status).toBe(402);
    expect(await json(paid)).toEqual({ message: 'La carta è stata rifiutata.' });
    const confirmed = await browser.postJson('/api/confirm-payment', { paymentIntentId: session.paymentIntentId });
    expect(confirmed.status).toBe(409);
    expect(await json(confirmed)).toEqual({ message: 'Il pagamento non è stato completato.' });
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 0 });
  });

  it('credits nothing for someone else’s payment', async () => {
    const buyer = await stack.member('teresa');
    const thief = await stack.member('ugo');
    const { session } = await buy(buyer.browser, { credits: 50 });
    const stolen = await thief.browser.postJson('/api/confirm-payment', { paymentIntentId: session.paymentIntentId });
    expect(stolen.status).toBe(404);
    expect(await stack.wallet.Balance({ userId: thief.id })).toMatchObject({ balance: 0 });
    // The provider's success already credited its buyer, once.
    expect(await stack.wallet.Balance({ userId: buyer.id })).toMatchObject({ balance: 50 });
  });

  it('activates premium for a month and answers its expiry', async () => {
    const { browser } = await stack.member('vera');
    const started = await browser.postJson('/api/create-premium-subscription', { duration: 1 });
    const { paymentIntentId, amountCents } = (await json(started)) as { paymentIntentId: string; amountCents: number };
    expect(amountCents).toBe(2000);
    await browser.postJson('/api/demo-payments/confirm', {
      paymentIntentId,
      cardNumber: '4242424242424242',
      expiry: '01/40',
      cvc: '999',
    });
    const confirmed = await json(await browser.postJson('/api/confirm-payment', { paymentIntentId }));
    expect(confirmed).toMatchObject({ message: 'Abbonamento Premium Attivato!', creditsAdded: 0 });
    const expiry = Date.parse(String(confirmed.premiumExpiry));
    expect(expiry - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(expiry - Date.now()).toBeLessThan(32 * 86_400_000);
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({
      isPremium: true,
      premiumSource: 'purchased',
      premiumSubscriptionExpiry: confirmed.premiumExpiry,
    });
  });

  it('does not sell premium to an admin, who sees premium content anyway, in the admin’s language', async () => {
    const refused = await admin.browser.postJson('/api/create-premium-subscription', { duration: 1 });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message:
        "Gli amministratori vedono già tutti i contenuti premium: l'abbonamento Premium non è in vendita per loro.",
    });
    const english = await admin.browser.request('/api/create-premium-subscription', {
      method: 'POST',
      json: { duration: 1 },
      headers: { 'Accept-Language': 'en' },
    });
    expect(await json(english)).toEqual({
      message: 'Admins already see all premium content: Premium is not for sale to them.',
    });
    expect((await admin.browser.postJson('/api/create-payment-intent', { credits: 10 })).status).toBe(200);
    expect(await json(await admin.browser.get('/api/auth/user'))).toMatchObject({ isAdmin: true, isPremium: false });
  });

  it('asks a visitor to sign in', async () => {
    expect((await stack.browser().postJson('/api/create-payment-intent', { credits: 10 })).status).toBe(401);
    expect((await stack.browser().get('/api/transactions')).status).toBe(401);
  });
});

describe('transactions', () => {
  it('lists the newest first, described in the member’s language, with signed amounts', async () => {
    const { browser, id } = await stack.member('walter');
    const { session } = await buy(browser, { credits: 10 });
    await browser.postJson('/api/confirm-payment', { paymentIntentId: session.paymentIntentId });
    // An unlock as content charges it.
    await stack.walletAs('content').Debit({
      userId: id,
      amount: 3,
      reference: { type: 'post', id: 'p1' },
      idempotencyKey: 'unlock:p1',
      actorId: id,
    });
    const listed = (await json(await browser.get('/api/transactions?limit=10'))) as unknown as unknown[];
    expect(listed).toEqual([
      expect.objectContaining({ description: 'Sblocco di un post premium', amount: -3, kind: 'debit' }),
      expect.objectContaining({ description: 'Acquisto di 10 crediti', amount: 10, kind: 'purchase' }),
    ]);
    expect((await browser.get('/api/transactions?limit=0')).status).toBe(400);
  });
});

describe('tester credits', () => {
  it('are for testers only', async () => {
    const { browser, id } = await stack.member('xena');
    const refused = await browser.postJson('/api/users/add-free-credits', { amount: 1000 });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message: 'Impossibile aggiungere crediti. Verifica di essere un tester autorizzato.',
    });
    expect((await admin.browser.postJson(`/api/admin/users/${id}/tester`, { isTester: true }, 'PUT')).status).toBe(200);
    await waitFor(async () => (await json(await browser.get('/api/auth/user'))).isTester === true, 5000, 'the flag');
    const granted = await browser.postJson('/api/users/add-free-credits', { amount: 1000 });
    expect(granted.status).toBe(200);
    expect(await json(granted)).toMatchObject({ credits: 1000 });
  });

  it('refuse amounts that are not whole numbers from 1 to 10,000, writing nothing', async () => {
    const { browser, id } = await stack.member('yuri');
    await admin.browser.postJson(`/api/admin/users/${id}/tester`, { isTester: true }, 'PUT');
    await waitFor(async () => (await json(await browser.get('/api/auth/user'))).isTester === true, 5000, 'the flag');
    for (const amount of [0.5, '10', -1, 0, 10_001, null, { $gt: 0 }, [5]]) {
      const refused = await browser.postJson('/api/users/add-free-credits', { amount });
      expect(refused.status).toBe(400);
    }
    expect(await json(await browser.postJson('/api/users/add-free-credits', { amount: 0.5 }))).toEqual({
      message: 'Inserisci un numero intero di crediti tra 1 e 10000.',
    });
    expect(await entriesOf(id)).toBe(0);
  });

  it('write one entry for a retried request with the same Idempotency-Key', async () => {
    const { browser, id } = await stack.member('zeno');
    await admin.browser.postJson(`/api/admin/users/${id}/tester`, { isTester: true }, 'PUT');
    await waitFor(async () => (await json(await browser.get('/api/auth/user'))).isTester === true, 5000, 'the flag');
    const grant = () =>
      browser.request('/api/users/add-free-credits', {
        method: 'POST',
        json: { amount: 500 },
        headers: { 'Idempotency-Key': 'tap-1' },
      });
    await Promise.all([grant(), grant(), grant()]);
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 500 });
  });
});

describe('admin credits and premium', () => {
  it('answer 401 to visitors and 403 to members, writing nothing', async () => {
    const { browser, id } = await stack.member('aldo');
    const routes: [string, unknown, string?][] = [
      [`/api/admin/users/${id}/add-credits`, { amount: 100 }],
      [`/api/admin/users/${id}/grant-premium`, { months: 1 }],
      [`/api/admin/users/${id}/revoke-premium`, {}],
      [`/api/admin/users/${id}/tester`, { isTester: true }, 'PUT'],
      [`/api/admin/users/${id}/verify`, { status: 'approved' }, 'PUT'],
    ];
    for (const [path, body, method] of routes) {
      expect((await stack.browser().postJson(path, body, method)).status).toBe(401);
      const forbidden = await browser.postJson(path, body, method);
      expect(forbidden.status).toBe(403);
      expect(await json(forbidden)).toEqual({ message: 'Accesso negato - Solo per amministratori' });
    }
    expect(await entriesOf(id)).toBe(0);
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({
      isPremium: false,
      isTester: false,
      verificationStatus: 'pending',
    });
  });

  it('add and take credits within ±10,000, never below zero, and the member sees it live', async () => {
    const { browser, id } = await stack.member('bice');
    const socket = connect(stack.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { Cookie: browser.cookieHeader() },
    });
    const pushed: number[] = [];
    socket.on('credits_updated', (event: { credits: number }) => pushed.push(event.credits));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const adjust = (amount: unknown) => admin.browser.postJson(`/api/admin/users/${id}/add-credits`, { amount });

    expect(await json(await adjust(1000))).toMatchObject({ credits: 1000 });
    expect(await json(await adjust(-500))).toMatchObject({ credits: 500 });
    const below = await adjust(-501);
    expect(below.status).toBe(409);
    expect(await json(below)).toEqual({
      message: 'Il saldo non può scendere sotto zero (saldo attuale: 500 crediti).',
    });
    for (const amount of [0, 10_001, -10_001, 2.5, '100', Number.NaN]) expect((await adjust(amount)).status).toBe(400);
    await waitFor(() => pushed.length === 2, 5000, 'two pushes');
    expect(pushed).toEqual([1000, 500]);
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({ credits: 500 });
    expect(await json(await admin.browser.get(`/api/user/${id}`))).toMatchObject({ credits: 500 });
    const stranger = await stack.member('carlo');
    expect(await json(await stranger.browser.get(`/api/user/${id}`))).toMatchObject({ credits: null });
    socket.disconnect();
  });

  it('refuse credits for a member who does not exist', async () => {
    expect((await admin.browser.postJson('/api/admin/users/nobody/add-credits', { amount: 100 })).status).toBe(404);
  });

  it('grant premium for the chosen months, revoke it, and never to an admin', async () => {
    const { browser, id } = await stack.member('dina');
    const granted = await admin.browser.postJson(`/api/admin/users/${id}/grant-premium`, { months: 3 });
    expect(granted.status).toBe(200);
    const expiry = Date.parse(String((await json(granted)).premiumSubscriptionExpiry));
    expect(expiry - Date.now()).toBeGreaterThan(88 * 86_400_000);
    await waitFor(async () => (await json(await browser.get('/api/auth/user'))).isPremium === true, 5000, 'premium');
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({ premiumSource: 'admin_grant' });
    expect((await admin.browser.postJson(`/api/admin/users/${id}/grant-premium`, { months: 4 })).status).toBe(400);
    expect((await admin.browser.postJson(`/api/admin/users/${id}/revoke-premium`, {})).status).toBe(200);
    await waitFor(async () => (await json(await browser.get('/api/auth/user'))).isPremium === false, 5000, 'revoked');
    const toAdmin = await admin.browser.postJson(`/api/admin/users/${admin.id}/grant-premium`, { months: 1 });
    expect(toAdmin.status).toBe(409);
    expect(await json(toAdmin)).toEqual({ message: 'Gli amministratori non hanno controlli premium.' });
  });
});
