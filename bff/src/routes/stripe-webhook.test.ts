import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStripeStandIn, type StripeStandIn } from '@tip/wallet/testing';
import { json } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stripe: StripeStandIn;
let stack: TestStack;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const { secretKey, webhookSecret, publishableKey, url: apiUrl } = stripe;
  stack = await startStack({ stripe: { secretKey, webhookSecret, publishableKey, apiUrl } });
});
afterAll(async () => {
  await stack.stop();
  await stripe.stop();
});

/** Stripe's delivery: the exact signed bytes, as application/json. */
const deliver = (payload: Buffer, signature: string) =>
  fetch(`${stack.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

describe('the Stripe webhook', () => {
  it('credits the buyer from the signed body, before the buyer confirms, and once', async () => {
    const { browser, id } = await stack.member('elio');
    const started = await json(await browser.postJson('/api/create-payment-intent', { credits: 10, amount: 999 }));
    const paymentIntentId = String(started.paymentIntentId);
    expect(await json(await stack.browser().get('/api/wallet/catalogue'))).toMatchObject({
      provider: 'stripe',
      publishableKey: stripe.publishableKey,
    });
    stripe.succeed(paymentIntentId);

    const { payload, signature } = stripe.signedWebhook('payment_intent.succeeded', paymentIntentId);
    const delivered = await deliver(payload, signature);
    expect(delivered.status).toBe(200);
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 10 });
    expect((await deliver(payload, signature)).status).toBe(200);
    const confirmed = await browser.postJson('/api/confirm-payment', { paymentIntentId });
    expect(await json(confirmed)).toMatchObject({ credits: 10, creditsAdded: 10 });
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 10 });
  });

  it('refuses a forged or unsigned delivery with 401, crediting nothing', async () => {
    const { browser, id } = await stack.member('fede');
    const started = await json(await browser.postJson('/api/create-payment-intent', { credits: 50 }));
    const paymentIntentId = String(started.paymentIntentId);
    stripe.succeed(paymentIntentId);
    const forged = stripe.signedWebhook('payment_intent.succeeded', paymentIntentId, { secret: 'whsec_not_ours' });
    expect((await deliver(forged.payload, forged.signature)).status).toBe(401);
    const genuine = stripe.signedWebhook('payment_intent.succeeded', paymentIntentId);
    const tampered = Buffer.from(genuine.payload.toString().replace(paymentIntentId, `${paymentIntentId}x`));
    expect((await deliver(tampered, genuine.signature)).status).toBe(401);
    const unsigned = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', body: genuine.payload });
    expect(unsigned.status).toBe(401);
    expect(await stack.wallet.Balance({ userId: id })).toMatchObject({ balance: 0 });
  });
});
