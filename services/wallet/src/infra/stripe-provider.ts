import { DomainError } from '@tip/platform';
import Stripe from 'stripe';
import type { StripeSettings } from '../config.js';
import type { NewIntent, PaymentProvider, ProviderIntent, ProviderWebhookEvent } from './payment-provider.js';

/** Where stripe-node sends its calls when STRIPE_API_URL points at a stand-in (stripe-mock, a test server). */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe's answers as the wallet must hear them: a reused idempotency key is the caller's mistake, and Stripe out of
 * reach is worth retrying later. Anything else (a wrong secret key, say) is a fault of this server and stays one.
 */
function translated(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new DomainError('ALREADY_EXISTS', 'wallet.idempotencyKeyReused');
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new DomainError('UNAVAILABLE', 'errors.unavailable');
  }
  return error;
}

/** Payments through Stripe's PaymentIntents: the browser pays with Stripe's own form, Stripe tells us by webhook. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, settings.apiUrl ? apiAddress(settings.apiUrl) : {});
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
  }

  async createIntent(input: NewIntent): Promise<{ id: string; clientSecret: string }> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      throw translated(error);
    }
    // Null only on intents listed with a publishable key, never on one just created with the secret key.
    if (!intent.client_secret) throw new Error(`Stripe created payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw translated(error);
    }
    return {
      id: intent.id,
      status: intent.status,
      amountCents: intent.amount,
      currency: intent.currency,
      metadata: { ...intent.metadata },
    };
  }

  verifyWebhook(payload: Buffer, signature: string): ProviderWebhookEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new DomainError('UNAUTHENTICATED', 'wallet.webhookInvalid');
      }
      throw error;
    }
    if (event.type === 'payment_intent.succeeded') return { type: 'payment_succeeded', intentId: event.data.object.id };
    return { type: 'ignored' };
  }
}
