/** One line of the member's credit history: `amount` is signed (+ credited, − debited), the description translated. */
export type Transaction = {
  id: string;
  description: string;
  amount: number;
  kind: string;
  createdAt: string;
};

/** A credit package as the wallet sells it: prices are the server's, in euro cents. */
export type CreditPackage = {
  id: string;
  credits: number;
  priceCents: number;
  discountPercent: number;
  popular: boolean;
};

export type PremiumPlan = { id: string; months: number; priceCents: number };

/** GET /api/wallet/catalogue: what can be bought, and which payment provider takes the money. */
export type Catalogue = {
  packages: CreditPackage[];
  premiumPlans: PremiumPlan[];
  currency: 'eur';
  provider: 'demo' | 'stripe';
  /** Stripe's publishable key (empty for the demo provider). */
  publishableKey: string;
};

/** A payment the server opened for one product at its own price. */
export type PaymentSession = {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  productId: string;
};

/** POST /api/confirm-payment: the payment settled; `credits` is the new balance. */
export type PaymentOutcome = {
  message: string;
  premiumExpiry: string | null;
  credits: number;
  creditsAdded: number;
};

/** A grant or adjustment of credits: the new balance and the server's (translated) confirmation. */
export type CreditsResult = { credits: number; message: string };
