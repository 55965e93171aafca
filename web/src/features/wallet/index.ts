import { lazy } from 'react';

/**
 * Credits and premium: the balance and its history, the tester's free credits, the checkout, and the push that
 * carries every ledger change.
 */
export { TesterCreditsPanel } from './components/tester-credits-panel';
export { pushHandlers } from './push-handlers';

export const lazyCheckoutPage = () => import('./pages/checkout-page').then((m) => ({ Component: m.CheckoutPage }));

// The profile's wallet cards come with the profile page, not the first bundle: render them inside Suspense.
/** The own balance, the way to buy more, and for testers the free-credit buttons. */
export const CreditsCard = lazy(() => import('./components/credits-card').then((m) => ({ default: m.CreditsCard })));
/** The last movements of the own credits. */
export const TransactionsCard = lazy(() =>
  import('./components/transactions-card').then((m) => ({ default: m.TransactionsCard })),
);
