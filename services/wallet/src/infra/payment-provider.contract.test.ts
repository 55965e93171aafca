import { describe, expect, it } from '@jest/globals';
import { SqliteDocumentStore } from '@tip/platform';
import { describeContract, embeddedEngine, type EngineSource } from '@tip/platform/testing';
import { join } from 'node:path';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

interface OpenedProvider {
  provider: PaymentProvider;
  close(): Promise<void>;
}

// The suite's engine hands the adapter only a URL; the stand-in's keys come from here.
let standIn: StripeStandIn | undefined;
const stripeStandIn: EngineSource = async () => ({
  start: async () => {
    const started = await startStripeStandIn();
    standIn = started;
    return { url: started.url, stop: () => started.stop() };
  },
});

await describeContract<OpenedProvider>(
  'payment provider',
  [
    {
      name: 'demo',
      engine: embeddedEngine,
      open: async (dir, namespace) => {
        const documents = await SqliteDocumentStore.open(join(dir, namespace));
        return { provider: await DemoPaymentProvider.open(documents), close: () => documents.close() };
      },
    },
    {
      name: 'stripe (local stand-in)',
      engine: stripeStandIn,
      open: async (url) => {
        if (!standIn) throw new Error('the Stripe stand-in did not start');
        const { secretKey, webhookSecret, publishableKey } = standIn;
        const provider = new StripePaymentProvider({ secretKey, webhookSecret, publishableKey, apiUrl: url });
        return { provider, close: async () => {} };
      },
    },
  ],
  (providers) => {
    const order = (idempotencyKey: string) => ({
      amountCents: 499,
      currency: 'eur',
      metadata: { userId: 'u1', packageId: 'credits-100' },
      idempotencyKey,
    });

    describe('intents', () => {
      it('creates an intent that retrieves with its amount, currency and metadata, not yet paid', async () => {
        const { provider } = await providers.open();
        const created = await provider.createIntent(order(providers.unique('order')));
        expect(created.id).toMatch(/^pi_/);
        expect(created.clientSecret.startsWith(`${created.id}_secret_`)).toBe(true);
        expect(await provider.retrieveIntent(created.id)).toEqual({
          id: created.id,
          status: 'requires_payment_method',
          amountCents: 499,
          currency: 'eur',
          metadata: { userId: 'u1', packageId: 'credits-100' },
        });
      });

      it('returns the same intent for a retried creation, and another one for another key', async () => {
        const { provider } = await providers.open();
        const key = providers.unique('order');
        const first = await provider.createIntent(order(key));
        expect(await provider.createIntent(order(key))).toEqual(first);
        const other = await provider.createIntent(order(providers.unique('other-order')));
        expect(other.id).not.toBe(first.id);
      });

      it('refuses a key reused for another request', async () => {
        const { provider } = await providers.open();
        const key = providers.unique('order');
        await provider.createIntent(order(key));
        await expect(provider.createIntent({ ...order(key), amountCents: 999 })).rejects.toMatchObject({
          name: 'DomainError',
          code: 'ALREADY_EXISTS',
          messageKey: 'wallet.idempotencyKeyReused',
        });
      });

      it('answers null for an intent it does not have', async () => {
        const { provider } = await providers.open();
        expect(await provider.retrieveIntent('pi_000000000000000000000000')).toBeNull();
      });
    });

    describe('webhooks', () => {
      it('refuses a webhook whose signature does not hold', async () => {
        const { provider } = await providers.open();
        const payload = Buffer.from(JSON.stringify({ type: 'payment_intent.succeeded', data: { object: {} } }));
        expect(() => provider.verifyWebhook(payload, 't=1,v1=00')).toThrow(
          expect.objectContaining({ code: 'UNAUTHENTICATED', messageKey: 'wallet.webhookInvalid' }),
        );
      });
    });
  },
);
