import { randomBytes } from 'node:crypto';
import { DomainError, DuplicateKeyError, type Collection, type DocumentStore, type IndexSpec } from '@tip/platform';
import { demoCardOutcome, type DemoCard, type DemoCardOutcome } from '../domain/demo-cards.js';
import type { NewIntent, PaymentProvider, ProviderIntent, ProviderWebhookEvent } from './payment-provider.js';

export const DEMO_INTENTS_COLLECTION = 'demo_intents';

/** Where a remote provider would keep its intents: the demo keeps them in the wallet's own store. */
export interface DemoIntentDocument {
  _id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** As pairs, sorted by key: a metadata key may hold a dot, which a document's field names may not. */
  metadata: [string, string][];
  status: 'requires_payment_method' | 'succeeded';
  idempotencyKey: string;
  /** Why the last card was refused, as Stripe keeps its last_payment_error; the card itself is never stored. */
  lastRefusal?: Exclude<DemoCardOutcome, 'succeeded'>;
  createdAt: string;
  succeededAt?: string;
}

// Unique, so that two racing creations with one key store one intent: the loser reads the winner's.
const DEMO_INTENT_INDEXES: IndexSpec[] = [{ fields: { idempotencyKey: 1 }, unique: true }];

function token(): string {
  return randomBytes(12).toString('hex');
}

function sortedPairs(metadata: Record<string, string>): [string, string][] {
  return Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Payments without any network: intents live in the `demo_intents` collection and are paid with Stripe's test card
 * numbers (demo-cards.ts), so that the embedded checkout walks the same steps as Stripe's.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly publishableKey = '';

  private constructor(
    private readonly intents: Collection<DemoIntentDocument>,
    private readonly now: () => Date,
  ) {}

  static async open(documents: DocumentStore, options: { now?: () => Date } = {}): Promise<DemoPaymentProvider> {
    const intents = await documents.collection<DemoIntentDocument>(DEMO_INTENTS_COLLECTION, DEMO_INTENT_INDEXES);
    return new DemoPaymentProvider(intents, options.now ?? (() => new Date()));
  }

  async createIntent(input: NewIntent): Promise<{ id: string; clientSecret: string }> {
    const id = `pi_demo_${token()}`;
    const intent: DemoIntentDocument = {
      _id: id,
      clientSecret: `${id}_secret_${token()}`,
      amountCents: input.amountCents,
      // Stripe answers currencies in lower case, whatever was sent.
      currency: input.currency.toLowerCase(),
      metadata: sortedPairs(input.metadata),
      status: 'requires_payment_method',
      idempotencyKey: input.idempotencyKey,
      createdAt: this.now().toISOString(),
    };
    try {
      await this.intents.insertOne(intent);
      return { id, clientSecret: intent.clientSecret };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError) || !error.fields.includes('idempotencyKey')) throw error;
      const first = await this.intents.findOne({ idempotencyKey: input.idempotencyKey });
      if (!first) throw error;
      // As Stripe does: a key replays its first request, and only that one.
      if (!sameRequest(first, intent)) throw new DomainError('ALREADY_EXISTS', 'wallet.idempotencyKeyReused');
      return { id: first._id, clientSecret: first.clientSecret };
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const intent = await this.intents.findOne({ _id: id });
    if (!intent) return null;
    return {
      id: intent._id,
      status: intent.status,
      amountCents: intent.amountCents,
      currency: intent.currency,
      metadata: Object.fromEntries(intent.metadata),
    };
  }

  /**
   * What the buyer's card does to the intent. A refusal is recorded and leaves the intent payable with another
   * card; a paid intent stays paid, whatever card comes next.
   */
  async payWithCard(intentId: string, card: DemoCard): Promise<DemoCardOutcome> {
    const intent = await this.intents.findOne({ _id: intentId });
    if (!intent) throw new DomainError('NOT_FOUND', 'wallet.paymentNotFound');
    if (intent.status === 'succeeded') return 'succeeded';
    const now = this.now();
    const outcome = demoCardOutcome(card, now);
    // Both updates match only an unpaid intent, so a refusal racing a payment cannot undo it.
    const unpaid = { _id: intentId, status: 'requires_payment_method' };
    if (outcome === 'succeeded') {
      await this.intents.updateOne(unpaid, {
        $set: { status: 'succeeded', succeededAt: now.toISOString() },
        $unset: { lastRefusal: true },
      });
    } else {
      await this.intents.updateOne(unpaid, { $set: { lastRefusal: outcome } });
    }
    return outcome;
  }

  verifyWebhook(_payload: Buffer, _signature: string): ProviderWebhookEvent {
    // The demo sends no webhooks, so whatever claims to be one is forged.
    throw new DomainError('UNAUTHENTICATED', 'wallet.webhookInvalid');
  }
}

function sameRequest(first: DemoIntentDocument, retry: DemoIntentDocument): boolean {
  return (
    first.amountCents === retry.amountCents &&
    first.currency === retry.currency &&
    JSON.stringify(first.metadata) === JSON.stringify(retry.metadata)
  );
}
