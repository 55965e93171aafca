import { api } from '@/api/client';
import type { PaymentOutcome } from './types';

/**
 * Asks the server to settle a payment the provider reported as succeeded. The server checks with the provider
 * itself and credits once per payment, however often this is called.
 */
export const confirmPayment = (paymentIntentId: string) =>
  api<PaymentOutcome>('/api/confirm-payment', { method: 'POST', body: { paymentIntentId } });
