import { randomUUID } from 'node:crypto';
import { counter, DomainError } from '@tip/platform';
import { PremiumPurchased } from '../contract/index.js';
import { CURRENCY, priceOf, productById, type Product } from '../domain/catalogue.js';
import { cardRefusalKey, type DemoCard } from '../domain/demo-cards.js';
import type { AccountDocument } from '../infra/ledger-store.js';
import type { PaymentDocument } from '../infra/payment-store.js';
import type { CallInfo, WalletContext } from './context.js';
import { entryEvent } from './ledger-events.js';

/** Card payments by how they ended: settled (once each), refused by the card, or not completed at the provider. */
const paymentOutcomes = counter('tip_payments_total', 'Card payments by outcome', ['outcome']);

export interface PaymentSession {
  paymentId: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  productId: string;
}

export interface PaymentOutcome {
  paymentId: string;
  productId: string;
  credits: number;
  premiumMonths: number;
  balance: number;
  /** The sequence of the buyer's latest entry, which left `balance`. */
  sequence: number;
  /** The buyer's premium expiry after a premium purchase, as identity answered it; '' otherwise. */
  premiumExpiry: string;
}

function productOf(productId: string): Product {
  const product = productById(productId);
  if (!product) throw new DomainError('INVALID_ARGUMENT', 'wallet.unknownPackage', { field: 'productId' });
  return product;
}

/** Opens a payment for a catalogue product at the catalogue's price: what the browser thinks it costs is not asked. */
export async function createPayment(
  context: WalletContext,
  input: { userId: string; productId: string },
): Promise<PaymentSession> {
  const product = productOf(input.productId);
  const account = await context.ledger.account(input.userId);
  const amountCents = priceOf(product);
  const intent = await context.provider.createIntent({
    amountCents,
    currency: CURRENCY,
    metadata: { accountId: account._id, productId: product.item.id },
    idempotencyKey: randomUUID(),
  });
  await context.payments.record({
    _id: intent.id,
    accountId: account._id,
    productId: product.item.id,
    amountCents,
    currency: CURRENCY,
    provider: context.provider.name,
    status: 'open',
    createdAt: new Date().toISOString(),
  });
  return {
    paymentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents,
    currency: CURRENCY,
    productId: product.item.id,
  };
}

/** The member's own payment, or NOT_FOUND: someone else's payment is none of their business. */
async function ownPayment(
  context: WalletContext,
  userId: string,
  paymentId: string,
): Promise<{ payment: PaymentDocument; account: AccountDocument }> {
  const [account, payment] = await Promise.all([context.ledger.findAccount(userId), context.payments.get(paymentId)]);
  if (!account || !payment || payment.accountId !== account._id) {
    throw new DomainError('NOT_FOUND', 'wallet.paymentNotFound');
  }
  return { payment, account };
}

/**
 * Delivers what a payment bought, once, after the provider confirms it succeeded for the amount, currency and
 * account recorded here. The webhook and the buyer's confirmation may arrive in any order, twice, or together:
 * credits are one ledger entry keyed by the payment, premium one open → settled transition that carries its event.
 */
export async function settlePayment(
  context: WalletContext,
  paymentId: string,
  call: CallInfo,
): Promise<PaymentOutcome> {
  const payment = await context.payments.get(paymentId);
  if (!payment) throw new DomainError('NOT_FOUND', 'wallet.paymentNotFound');
  const intent = await context.provider.retrieveIntent(paymentId);
  const matches =
    intent?.status === 'succeeded' &&
    intent.amountCents === payment.amountCents &&
    intent.currency === payment.currency &&
    intent.metadata.accountId === payment.accountId;
  if (!matches) {
    paymentOutcomes.inc({ outcome: 'not_completed' });
    throw new DomainError('FAILED_PRECONDITION', 'wallet.paymentNotCompleted');
  }
  const account = await context.ledger.accountById(payment.accountId);
  const userId = account?.userId;
  if (!account || !userId) throw new DomainError('FAILED_PRECONDITION', 'wallet.accountClosed');

  const product = productOf(payment.productId);
  const outcome = {
    paymentId,
    productId: payment.productId,
    credits: 0,
    premiumMonths: 0,
    balance: 0,
    sequence: 0,
    premiumExpiry: '',
  };
  if (product.type === 'credits') {
    const purchase = {
      paymentId,
      productId: payment.productId,
      amountCents: payment.amountCents,
      currency: payment.currency,
    };
    const { entry } = await context.ledger.append(
      account,
      {
        amount: product.item.credits,
        kind: 'purchase',
        reference: { type: 'payment', id: paymentId },
        idempotencyKey: `payment:${paymentId}`,
      },
      (written) => [entryEvent(written, userId, call, purchase)],
    );
    if (await context.payments.settle(paymentId, [])) paymentOutcomes.inc({ outcome: 'settled' });
    return { ...outcome, credits: product.item.credits, ...(await context.ledger.head(entry.accountId)) };
  }
  const months = product.item.months;
  // Identity first: the payment is settled only once premium runs, so a failed call leaves it open for a retry.
  const premiumExpiry = await extendPremium(context, { userId, paymentId, months });
  const purchased = PremiumPurchased.create(
    account._id,
    {
      accountId: account._id,
      userId,
      months: product.item.months,
      purchasedAt: new Date().toISOString(),
      paymentId,
      productId: payment.productId,
      amountCents: payment.amountCents,
      currency: payment.currency,
    },
    call.correlationId,
  );
  if (await context.payments.settle(paymentId, [purchased])) paymentOutcomes.inc({ outcome: 'settled' });
  return {
    ...outcome,
    premiumMonths: months,
    ...(await context.ledger.head(account._id)),
    premiumExpiry,
  };
}

/**
 * A premium purchase takes effect at identity by this call alone (docs/decisions.md#one-path-per-fact), once per
 * payment however often it is made, and the buyer's answer carries the new expiry. Should identity not answer, the
 * settlement fails with it and the payment stays open: the buyer's retry or the provider's next webhook applies it.
 * A member deleted since has no premium left to extend.
 */
async function extendPremium(context: WalletContext, purchase: { userId: string; paymentId: string; months: number }) {
  try {
    return (await context.identity.ApplyPremiumPurchase(purchase)).premiumSubscriptionExpiry;
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
    context.logger.info({ paymentId: purchase.paymentId }, 'premium purchase for a member deleted since');
    return '';
  }
}

/** The buyer's "it went through": settles the member's own payment if the provider agrees. */
export async function confirmPayment(
  context: WalletContext,
  input: { userId: string; paymentId: string },
  call: CallInfo,
): Promise<PaymentOutcome> {
  await ownPayment(context, input.userId, input.paymentId);
  return settlePayment(context, input.paymentId, call);
}

/**
 * The demo provider's card form. A card it accepts settles the payment at once, as Stripe's webhook would; a
 * refused one answers why, in the buyer's language.
 */
export async function payWithDemoCard(
  context: WalletContext,
  input: { userId: string; paymentId: string; card: DemoCard },
  call: CallInfo,
): Promise<'succeeded'> {
  if (!context.demo) throw new DomainError('FAILED_PRECONDITION', 'wallet.demoPaymentsOff');
  const { payment } = await ownPayment(context, input.userId, input.paymentId);
  if (payment.status === 'settled') throw new DomainError('FAILED_PRECONDITION', 'wallet.paymentAlreadyDone');
  const outcome = await context.demo.payWithCard(input.paymentId, input.card);
  if (outcome !== 'succeeded') {
    paymentOutcomes.inc({ outcome: 'refused' });
    throw new DomainError('PAYMENT_REQUIRED', cardRefusalKey(outcome));
  }
  await settlePayment(context, input.paymentId, call).catch((error: unknown) => {
    // The buyer's confirmation settles it as well; this is the webhook's part, and a webhook's failure is logged.
    context.logger.error({ err: error, paymentId: input.paymentId }, 'could not settle a demo payment');
  });
  return 'succeeded';
}

/** A provider's webhook: settles the payment it reports as succeeded; other news is acknowledged and ignored. */
export async function handleProviderWebhook(
  context: WalletContext,
  input: { payload: Buffer; signature: string },
  call: CallInfo,
): Promise<void> {
  const event = context.provider.verifyWebhook(input.payload, input.signature);
  if (event.type !== 'payment_succeeded') return;
  if (!(await context.payments.get(event.intentId))) {
    // Not a payment of ours (another integration on the same Stripe account): nothing to settle, nothing to retry.
    context.logger.warn({ paymentId: event.intentId }, 'webhook for an unknown payment');
    return;
  }
  await settlePayment(context, event.intentId, call);
}
