import { api } from '@/api/client';
import type { DemoPayment } from './types';

export type DemoCardInput = { paymentIntentId: string; cardNumber: string; expiry: string; cvc: string };

/**
 * The demo provider's stand-in for the card network (no money moves): pays the payment with a test card. A refused
 * card is an ApiError 402 whose message, already in the page's language, says why.
 */
export const confirmDemoPayment = (input: DemoCardInput) =>
  api<DemoPayment>('/api/demo-payments/confirm', { method: 'POST', body: input });
