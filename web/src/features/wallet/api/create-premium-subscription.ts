import { api } from '@/api/client';
import type { PaymentSession } from './types';

/** Opens a payment for `duration` months of premium (the checkout sends 1), at the server's price. */
export const createPremiumSubscription = (input: { duration: number }) =>
  api<PaymentSession>('/api/create-premium-subscription', { method: 'POST', body: input });
