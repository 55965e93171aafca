import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import { newMemberId, startWalletHarness, type WalletHarness } from '../testing/harness.js';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.js';

let stripe: StripeStandIn;
let harness: WalletHarness;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  harness = await startWalletHarness({
    stripe: {
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      publishableKey: stripe.publishableKey,
      apiUrl: stripe.url,
    },
  });
});
afterAll(async () => {
  await harness.stop();
  await stripe.stop();
});

async function paidPayment(productId = 'credits-10') {
  const userId = newMemberId();
  const session = await harness.client.CreatePayment({ userId, productId });
  stripe.succeed(session.paymentId);
  return { userId, paymentId: session.paymentId };
}

const webhook = (paymentId: string) => {
  const { payload, signature } = stripe.signedWebhook('payment_intent.succeeded', paymentId);
  return harness.client.HandleProviderWebhook({ payload, signature });
};
const purchases = (paymentId: string) =>
  harness.published.filter(
    (event) => (event.payload as { paymentId?: string }).paymentId === paymentId && event.type === 'CreditsPurchased',
  );

describe('payments through Stripe', () => {
  it('opens a PaymentIntent at the catalogue’s price, and offers the publishable key', async () => {
    const session = await harness.client.CreatePayment({ userId: newMemberId(), productId: 'credits-50' });
    expect(session).toMatchObject({ amountCents: 3499, currency: 'eur', productId: 'credits-50' });
    expect(session.clientSecret).toContain(session.paymentId);
    const created = stripe.requests.find((request) => request.method === 'POST');
    expect(created?.params).toMatchObject({ amount: '3499', currency: 'eur' });
    expect(await harness.client.Catalogue({})).toMatchObject({
      provider: 'stripe',
      publishableKey: stripe.publishableKey,
    });
  });

  it('credits once when the webhook comes first and the confirmation after', async () => {
    const { userId, paymentId } = await paidPayment();
    await webhook(paymentId);
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 10 });
    expect(await harness.client.ConfirmPayment({ userId, paymentId })).toMatchObject({ credits: 10, balance: 10 });
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 10 });
  });

  it('credits once when the confirmation comes first, and the webhook twice after', async () => {
    const { userId, paymentId } = await paidPayment('credits-25');
    await harness.client.ConfirmPayment({ userId, paymentId });
    await webhook(paymentId);
    await webhook(paymentId);
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 25 });
    await waitFor(() => purchases(paymentId).length === 1, 5000, 'CreditsPurchased');
  });

  it('credits once when webhooks and confirmations arrive together', async () => {
    const { userId, paymentId } = await paidPayment();
    await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(paymentId)),
      ...Array.from({ length: 5 }, () => harness.client.ConfirmPayment({ userId, paymentId })),
    ]);
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 10 });
    expect((await harness.client.History({ userId, cursor: '', limit: 10 })).entries).toHaveLength(1);
    expect((await harness.client.CheckIntegrity({})).ok).toBe(true);
  });

  it('credits nothing for a payment Stripe has not seen succeed', async () => {
    const userId = newMemberId();
    const { paymentId } = await harness.client.CreatePayment({ userId, productId: 'credits-10' });
    expect(await failureOf(harness.client.ConfirmPayment({ userId, paymentId }))).toMatchObject({
      messageKey: 'wallet.paymentNotCompleted',
    });
    expect(await failureOf(webhook(paymentId))).toMatchObject({ messageKey: 'wallet.paymentNotCompleted' });
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 0 });
  });

  it('refuses a webhook whose signature does not hold, crediting nothing', async () => {
    const { userId, paymentId } = await paidPayment();
    const forged = stripe.signedWebhook('payment_intent.succeeded', paymentId, { secret: 'whsec_forged' });
    expect(await failureOf(harness.client.HandleProviderWebhook(forged))).toMatchObject({
      code: 'UNAUTHENTICATED',
      messageKey: 'wallet.webhookInvalid',
    });
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 0 });
  });

  it('acknowledges a webhook about a payment that is not the wallet’s', async () => {
    await expect(webhook('pi_elsewhere')).resolves.toEqual({});
  });

  it('sells premium once: PremiumPurchased is published once, whatever arrives how often', async () => {
    const { userId, paymentId } = await paidPayment('premium-1m');
    await Promise.all([webhook(paymentId), harness.client.ConfirmPayment({ userId, paymentId }), webhook(paymentId)]);
    await waitFor(() => harness.published.some((event) => event.type === 'PremiumPurchased'), 5000, 'PremiumPurchased');
    const premium = harness.published.filter(
      (event) => event.type === 'PremiumPurchased' && (event.payload as { paymentId: string }).paymentId === paymentId,
    );
    expect(premium).toHaveLength(1);
    expect(premium[0]?.payload).toMatchObject({ userId, months: 1, amountCents: 2000, currency: 'eur' });
    expect(await harness.client.Balance({ userId })).toMatchObject({ balance: 0 });
  });

  it('has no demo card form', async () => {
    const { userId, paymentId } = await paidPayment();
    const demo = harness.client.PayWithDemoCard({
      userId,
      paymentId,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(await failureOf(demo)).toMatchObject({ messageKey: 'wallet.demoPaymentsOff' });
  });
});
