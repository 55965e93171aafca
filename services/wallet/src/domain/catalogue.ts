/**
 * What the wallet sells, priced on the server in euro cents: the client names a product, never a price.
 * The packages and the plan: docs/product.md#credits-and-premium.
 */
export const CURRENCY = 'eur';

export interface CreditPackage {
  id: string;
  credits: number;
  priceCents: number;
  discountPercent: number;
  popular: boolean;
}

export interface PremiumPlan {
  id: string;
  months: number;
  priceCents: number;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'credits-10', credits: 10, priceCents: 999, discountPercent: 0, popular: true },
  { id: 'credits-25', credits: 25, priceCents: 1999, discountPercent: 20, popular: false },
  { id: 'credits-50', credits: 50, priceCents: 3499, discountPercent: 30, popular: false },
];

export const PREMIUM_PLANS: readonly PremiumPlan[] = [{ id: 'premium-1m', months: 1, priceCents: 2000 }];

export type Product = { type: 'credits'; item: CreditPackage } | { type: 'premium'; item: PremiumPlan };

export function productById(id: string): Product | undefined {
  const credits = CREDIT_PACKAGES.find((item) => item.id === id);
  if (credits) return { type: 'credits', item: credits };
  const premium = PREMIUM_PLANS.find((item) => item.id === id);
  return premium && { type: 'premium', item: premium };
}

export function priceOf(product: Product): number {
  return product.item.priceCents;
}

/** The package of that many credits (the checkout sends `credits`; the amount it sends is not trusted). */
export function packageByCredits(credits: number): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((item) => item.credits === credits);
}

export function planByMonths(months: number): PremiumPlan | undefined {
  return PREMIUM_PLANS.find((item) => item.months === months);
}
