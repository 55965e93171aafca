/**
 * Credits and premium: the balance and its history, the tester's free credits, the checkout, and the push that
 * carries every ledger change.
 */
export { useTransactions } from './api/get-transactions';
export type { CreditsResult, Transaction } from './api/types';
export { OutOfCredits } from './components/out-of-credits';
export { TesterCreditsPanel } from './components/tester-credits-panel';
export { TESTER_PRESETS, useTesterGrant } from './hooks/use-tester-grant';
export { pushHandlers } from './push-handlers';

export const lazyCheckoutPage = () => import('./pages/checkout-page').then((m) => ({ Component: m.CheckoutPage }));
