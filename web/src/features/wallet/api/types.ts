/** The wallet's answers, as the BFF's contract defines them (bff/src/contract/wallet.ts). */
export type {
  Catalogue,
  CreditPackage,
  CreditsResult,
  DemoPayment,
  PaymentOutcome,
  PaymentSession,
  PremiumPlan,
  Transaction,
} from '@tip/bff/contract';
