import type { Gender, Orientation, PremiumSource, VerificationStatus } from '@tip/identity/domain';

export type { Gender, Orientation, PremiumSource, VerificationStatus };

/** A user as the BFF's REST API shows it (GET /api/auth/user and the answers of profile changes): null = not set. */
export type User = {
  id: string;
  /** Empty while a Google account has not completed its profile (`needsProfileSetup`). */
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  age: number | null;
  region: string | null;
  city: string | null;
  gender: Gender | null;
  orientation: Orientation | null;
  telegramUsername: string | null;
  verificationStatus: VerificationStatus;
  verificationNotes: string | null;
  verificationImageUrl: string | null;
  isAdmin: boolean;
  isTester: boolean;
  isOnline: boolean;
  needsProfileSetup: boolean;
  createdAt: string;
  /** The wallet's balance. */
  credits: number;
  /** True while `premiumSubscriptionExpiry` lies in the future (the server decides). */
  isPremium: boolean;
  /** ISO date-time; null when the member never had premium (or it was revoked). */
  premiumSubscriptionExpiry: string | null;
  premiumSource: PremiumSource | null;
};

/**
 * Another member as GET /api/user/:id shows them to this viewer: the balance only when the viewer is an admin
 * (null for everyone else).
 */
export type Member = Omit<User, 'credits'> & { credits: number | null };

export type ActionResult = { success: boolean; message?: string };

/** The answer of a change to the signed-in user's account. */
export type UserResult = ActionResult & { user?: User };

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
