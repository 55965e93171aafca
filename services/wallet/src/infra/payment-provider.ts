/**
 * The payment provider port: Stripe (stripe-provider.ts) when its keys are set, the demo provider
 * (demo-provider.ts) otherwise. The wallet creates a payment intent for a price it looked up itself, and later
 * asks the provider whether the intent succeeded before it credits anything: neither the browser nor the webhook's
 * body is taken at its word.
 */
export interface ProviderIntent {
  id: string;
  /** succeeded, or anything else (requires_payment_method, processing, canceled...): only succeeded settles. */
  status: string;
  amountCents: number;
  currency: string;
  /** What the wallet attached when it created the intent. */
  metadata: Record<string, string>;
}

/** What the wallet asks of a provider for a new payment. */
export interface NewIntent {
  amountCents: number;
  currency: string;
  /** What the wallet attaches, to check it when the intent comes back. */
  metadata: Record<string, string>;
  /** A retried creation returns the same intent instead of a second one. */
  idempotencyKey: string;
}

export type ProviderWebhookEvent = { type: 'payment_succeeded'; intentId: string } | { type: 'ignored' };

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  /** What the browser's payment form needs (Stripe's publishable key; empty for the demo). */
  readonly publishableKey: string;
  createIntent(input: NewIntent): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the provider knows it, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Checks a webhook's signature over its raw body; throws DomainError('UNAUTHENTICATED') when it does not hold. */
  verifyWebhook(payload: Buffer, signature: string): ProviderWebhookEvent;
}
