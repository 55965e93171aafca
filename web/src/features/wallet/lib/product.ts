import { createPaymentIntent } from '../api/create-payment-intent';
import { createPremiumSubscription } from '../api/create-premium-subscription';
import type { CreditPackage, PaymentSession, PremiumPlan } from '../api/types';

/** What the buyer chose: a credit package (Crediti tab) or the premium plan (Premium tab). */
export type Product = { kind: 'credits'; item: CreditPackage } | { kind: 'premium'; item: PremiumPlan };

/** Opens the payment for `product`. The server prices it; the amount sent along is only what the page showed. */
export function openPayment(product: Product): Promise<PaymentSession> {
  if (product.kind === 'credits')
    return createPaymentIntent({ amount: product.item.priceCents / 100, credits: product.item.credits });
  return createPremiumSubscription({ duration: product.item.months });
}
