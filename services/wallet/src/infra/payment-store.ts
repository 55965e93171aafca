import {
  DuplicateKeyError,
  outboxIndex,
  withEvents,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type IndexSpec,
  type OutboxDocument,
  type EventsStored,
} from '@tip/platform';

export const PAYMENTS_COLLECTION = 'payments';

/** A payment the wallet asked the provider for: what it is for and what it must cost, decided here. */
export interface PaymentDocument extends OutboxDocument {
  /** The provider's payment intent id. */
  _id: string;
  accountId: string;
  productId: string;
  amountCents: number;
  currency: string;
  provider: 'demo' | 'stripe';
  /** open until the provider's success was seen and its purchase delivered; then settled, for good. */
  status: 'open' | 'settled';
  createdAt: string;
  settledAt?: string;
}

/** Payments on the documents port; a premium purchase's event goes out with the settlement (the outbox). */
export class PaymentStore {
  private eventsStored: EventsStored = () => {};

  private constructor(readonly collection: Collection<PaymentDocument>) {}

  static async open(store: DocumentStore): Promise<PaymentStore> {
    // By account: a member's data export lists their payments.
    const indexes: IndexSpec[] = [{ fields: { accountId: 1 } }, outboxIndex];
    return new PaymentStore(await store.collection<PaymentDocument>(PAYMENTS_COLLECTION, indexes));
  }

  /** Who to wake after a settlement stored an event (the outbox relay), with the payment that holds it. */
  onEventsStored(notify: EventsStored): void {
    this.eventsStored = notify;
  }

  /** Records a new payment; the same intent recorded twice (a retried creation) stays one record. */
  async record(payment: PaymentDocument): Promise<void> {
    try {
      await this.collection.insertOne(payment);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  get(id: string): Promise<PaymentDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  /** The account's payments, oldest first. */
  ofAccount(accountId: string): Promise<PaymentDocument[]> {
    return this.collection.find({ accountId }, { sort: { createdAt: 1 } });
  }

  /**
   * Marks the payment settled with its events, if it is still open. Only one caller can move it from open: true for
   * that one, false for every other (the webhook and the buyer's confirmation racing, say).
   */
  async settle(id: string, events: EventEnvelope[]): Promise<boolean> {
    const settled = await this.collection.updateOne(
      { _id: id, status: 'open' },
      withEvents({ $set: { status: 'settled', settledAt: new Date().toISOString() } }, events),
    );
    if (settled && events.length > 0) this.eventsStored(id, events);
    return settled !== null;
  }
}
