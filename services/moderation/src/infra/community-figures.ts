import { insertOnce, type BaseDocument, type Collection, type DocumentStore } from '@tip/platform';
import { collectionName } from './repository.js';

/** A ledger account's entry count: its last sequence number (sequences have no gaps). */
export interface AccountDocument extends BaseDocument {
  _id: string;
  entries: number;
}

/** A card payment's amount, once per payment. */
export interface PaymentDocument extends BaseDocument {
  _id: string;
  amountCents: number;
  kind: 'credits' | 'premium';
}

/** Messages sent, one document each (by id, so a repeated event counts once); nothing about their content. */
export type MessageDocument = BaseDocument;

/**
 * The console's figures of what other services keep: ledger entries per account, card payments and messages sent,
 * from their events. Each write sets what its event says, so a repeated event changes nothing.
 */
export class CommunityFigures {
  private constructor(
    private readonly accounts: Collection<AccountDocument>,
    private readonly payments: Collection<PaymentDocument>,
    private readonly messages: Collection<MessageDocument>,
  ) {}

  static async open(store: DocumentStore): Promise<CommunityFigures> {
    const [accounts, payments, messages] = await Promise.all([
      store.collection<AccountDocument>(collectionName('ledger_accounts')),
      store.collection<PaymentDocument>(collectionName('payments')),
      store.collection<MessageDocument>(collectionName('messages')),
    ]);
    return new CommunityFigures(accounts, payments, messages);
  }

  /** A ledger entry: its account has at least `sequence` entries (an account's sequence numbers have no gaps). */
  async ledgerEntry(accountId: string, sequence: number): Promise<void> {
    const raise = () =>
      this.accounts.updateOne({ _id: accountId, entries: { $lt: sequence } }, { $set: { entries: sequence } });
    if (await raise()) return;
    await insertOnce(this.accounts, { _id: accountId, entries: sequence });
    await raise();
  }

  /** A card payment, credits or premium: counted once per payment. */
  async payment(paymentId: string, amountCents: number, kind: PaymentDocument['kind']): Promise<void> {
    await insertOnce(this.payments, { _id: paymentId, amountCents, kind });
  }

  async messageSent(messageId: string): Promise<void> {
    await insertOnce(this.messages, { _id: messageId });
  }

  countMessages(): Promise<number> {
    return this.messages.count({});
  }

  /** The ledger's entries, the premium purchases among the payments, and what the payments brought in. */
  async ledger(): Promise<{ entries: number; premiumPurchases: number; revenueCents: number }> {
    const [accounts, payments] = await Promise.all([this.accounts.find({}), this.payments.find({})]);
    return {
      entries: accounts.reduce((sum, account) => sum + account.entries, 0),
      premiumPurchases: payments.filter((payment) => payment.kind === 'premium').length,
      revenueCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
    };
  }
}
