import { z } from 'zod';

/** One line of the member's credit history: `amount` is signed (+ credited, − debited), the description translated. */
export const transactionSchema = z.strictObject({
  id: z.string(),
  description: z.string(),
  amount: z.number().int(),
  kind: z.string(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A credit package as the wallet sells it: prices are the server's, in euro cents. */
export const creditPackageSchema = z.strictObject({
  id: z.string(),
  credits: z.number().int(),
  priceCents: z.number().int(),
  discountPercent: z.number(),
  popular: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const premiumPlanSchema = z.strictObject({
  id: z.string(),
  months: z.number().int(),
  priceCents: z.number().int(),
});
export type PremiumPlan = z.infer<typeof premiumPlanSchema>;

/** GET /api/wallet/catalogue: what can be bought, and which payment provider takes the money. */
export const catalogueSchema = z.strictObject({
  packages: z.array(creditPackageSchema),
  premiumPlans: z.array(premiumPlanSchema),
  currency: z.literal('eur'),
  provider: z.enum(['demo', 'stripe']),
  /** Stripe's publishable key (empty for the demo provider). */
  publishableKey: z.string(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** A payment the server opened for one product at its own price. */
export const paymentSessionSchema = z.strictObject({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  productId: z.string(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

/** POST /api/demo-payments/confirm: the demo card paid (a declined card is an error answer). */
export const demoPaymentSchema = z.strictObject({ status: z.literal('succeeded') });
export type DemoPayment = z.infer<typeof demoPaymentSchema>;

/** POST /api/confirm-payment: the payment settled; `credits` is the new balance. */
export const paymentOutcomeSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  premiumExpiry: z.string().nullable(),
  credits: z.number().int(),
  creditsAdded: z.number().int(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** A grant or adjustment of credits: the new balance and the server's (translated) confirmation. */
export const creditsResultSchema = z.strictObject({ credits: z.number().int(), message: z.string() });
export type CreditsResult = z.infer<typeof creditsResultSchema>;
