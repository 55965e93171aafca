import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { StripePaymentProvider } from './stripe-provider.js';

const webhookRefused = expect.objectContaining({
  name: 'DomainError',
  code: 'UNAUTHENTICATED',
  messageKey: 'wallet.webhookInvalid',
});

describe('the Stripe payment provider', () => {
  let standIn: StripeStandIn;
  let provider: StripePaymentProvider;

  const order = { amountCents: 499, currency: 'eur', metadata: { userId: 'u1' }, idempotencyKey: 'order-1' };
  const connect = (overrides: Partial<ConstructorParameters<typeof StripePaymentProvider>[0]> = {}) =>
    new StripePaymentProvider({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      publishableKey: standIn.publishableKey,
      apiUrl: standIn.url,
      ...overrides,
    });

  beforeEach(async () => {
    standIn = await startStripeStandIn();
    provider = connect();
  });
  afterEach(async () => {
    await standIn.stop();
  });

  it('names itself and hands out the publishable key', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe(standIn.publishableKey);
  });

  it('creates the intent with automatic payment methods, under the caller’s idempotency key', async () => {
    const { id } = await provider.createIntent(order);
    expect(standIn.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: 'order-1',
        params: {
          amount: '499',
          currency: 'eur',
          metadata: { userId: 'u1' },
          automatic_payment_methods: { enabled: 'true' },
        },
      },
    ]);
    await provider.retrieveIntent(id);
    expect(standIn.requests[1]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
  });

  it('sees the intent succeed once the buyer has paid', async () => {
    const { id } = await provider.createIntent(order);
    standIn.succeed(id);
    expect(await provider.retrieveIntent(id)).toMatchObject({ id, status: 'succeeded', amountCents: 499 });
  });

  describe('webhooks', () => {
    it('accepts a webhook Stripe signed and reads which intent succeeded', async () => {
      const { id } = await provider.createIntent(order);
      standIn.succeed(id);
      const { payload, signature } = standIn.signedWebhook('payment_intent.succeeded', id);
      expect(provider.verifyWebhook(payload, signature)).toEqual({ type: 'payment_succeeded', intentId: id });
    });

    it('ignores the events it has no use for', async () => {
      const { id } = await provider.createIntent(order);
      const { payload, signature } = standIn.signedWebhook('payment_intent.payment_failed', id);
      expect(provider.verifyWebhook(payload, signature)).toEqual({ type: 'ignored' });
    });

    it('refuses a webhook signed with another secret', () => {
      const { payload, signature } = standIn.signedWebhook('payment_intent.succeeded', 'pi_1', {
        secret: 'whsec_someone_else',
      });
      expect(() => provider.verifyWebhook(payload, signature)).toThrow(webhookRefused);
    });

    it('refuses a signed webhook whose body was changed', async () => {
      const { id } = await provider.createIntent(order);
      const { payload, signature } = standIn.signedWebhook('payment_intent.payment_failed', id);
      const tampered = Buffer.from(
        payload.toString().replace('payment_intent.payment_failed', 'payment_intent.succeeded'),
      );
      expect(() => provider.verifyWebhook(tampered, signature)).toThrow(webhookRefused);
    });

    it('refuses a webhook without a signature, and one signed too long ago to be fresh', () => {
      const { payload } = standIn.signedWebhook('payment_intent.succeeded', 'pi_1');
      expect(() => provider.verifyWebhook(payload, '')).toThrow(webhookRefused);
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload: payload.toString(),
        secret: standIn.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      expect(() => provider.verifyWebhook(payload, stale)).toThrow(webhookRefused);
    });
  });

  describe('when Stripe does not answer as it should', () => {
    it('says the service is unavailable when Stripe cannot be reached', async () => {
      await standIn.stop();
      await expect(provider.createIntent(order)).rejects.toMatchObject({
        name: 'DomainError',
        code: 'UNAVAILABLE',
        messageKey: 'errors.unavailable',
      });
    });

    it('lets a wrong secret key fail as the server fault it is', async () => {
      await expect(connect({ secretKey: 'sk_test_wrong' }).retrieveIntent('pi_1')).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
    });
  });
});
