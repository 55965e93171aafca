import { api } from '@/api/client';
import type { PaymentSession } from './types';

/**
 * Opens a payment for the package of `credits` credits. `amount` is what the page shows (the API's payload); the
 * server ignores it and charges its own price for that package. An unknown package is an ApiError 400.
 */
export const createPaymentIntent = (input: { amount: number; credits: number }) =>
  api<PaymentSession>('/api/create-payment-intent', { method: 'POST', body: input });
