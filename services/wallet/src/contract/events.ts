import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/** Every ledger event is about one account and travels keyed by its id, so an account's events stay in order. */
export const WALLET_LEDGER_TOPIC = 'wallet.ledger';

const count = z.number().int();

/** The entry every ledger event reports: consumers learn the new balance without asking. */
const entrySchema = z.object({
  accountId: z.string(),
  /** The member the account belongs to. */
  userId: z.string(),
  entryId: z.string(),
  sequence: count.positive(),
  amount: count,
  balanceAfter: count.nonnegative(),
  reference: z.object({ type: z.string(), id: z.string() }),
  occurredAt: z.string(),
});

const paymentFields = {
  paymentId: z.string(),
  productId: z.string(),
  amountCents: count.positive(),
  currency: z.string(),
};

/** A payment by card added the credits of a package. */
export const CreditsPurchased = defineEvent({
  type: 'CreditsPurchased',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: entrySchema.extend(paymentFields),
});

/** Credits spent: a message, an unlock, a Telegram reveal (the reference says which). */
export const CreditsDebited = defineEvent({
  type: 'CreditsDebited',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: entrySchema,
});

/**
 * Credits given, not bought: a tester's own grant, or an admin's adjustment (signed: an admin may also take credits
 * away). An admin's names the admin, for the audit log.
 */
export const CreditsGranted = defineEvent({
  type: 'CreditsGranted',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: z.discriminatedUnion('grant', [
    entrySchema.extend({ grant: z.literal('tester') }),
    entrySchema.extend({ grant: z.literal('admin'), adminId: z.string().min(1) }),
  ]),
});

/** Credits given back for something that did not happen (a message that could not be delivered, say). */
export const CreditsRefunded = defineEvent({
  type: 'CreditsRefunded',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: entrySchema,
});

/** The account's owner was deleted: what was left is forfeited, and the account is pseudonymised after this. */
export const CreditsForfeited = defineEvent({
  type: 'CreditsForfeited',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: entrySchema,
});

/**
 * A payment by card bought months of premium, published as the payment settles, once identity extended the
 * member's premium (the wallet's ApplyPremiumPurchase call, the one path of that effect): a fact for the others.
 */
export const PremiumPurchased = defineEvent({
  type: 'PremiumPurchased',
  version: 1,
  topic: WALLET_LEDGER_TOPIC,
  schema: z.object({
    accountId: z.string(),
    userId: z.string(),
    months: count.positive(),
    purchasedAt: z.string(),
    ...paymentFields,
  }),
});

/** The ledger events that carry an entry (all but PremiumPurchased), for consumers that follow balances. */
export const LEDGER_ENTRY_EVENTS = [
  CreditsPurchased,
  CreditsDebited,
  CreditsGranted,
  CreditsRefunded,
  CreditsForfeited,
];

export type LedgerEntryPayload = z.infer<typeof entrySchema>;
export type CreditsPurchasedPayload = PayloadOf<typeof CreditsPurchased>;
export type CreditsGrantedPayload = PayloadOf<typeof CreditsGranted>;
export type PremiumPurchasedPayload = PayloadOf<typeof PremiumPurchased>;
