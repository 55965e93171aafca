import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';
import { currentUserKey } from '@/api/query-keys';
import { toast } from '@/components/ui/use-toast';
import { formatLongDate } from '@/lib/dates';
import { successAddress } from '@/lib/return-to';
import { confirmPayment } from '../api/confirm-payment';
import type { PaymentOutcome } from '../api/types';
import type { Product } from '../lib/product';

/** The steps of a payment whose failures have a title each (docs/product.md#credits-and-premium). */
export type PaymentStage = 'setup' | 'validation' | 'payment' | 'confirmation' | 'unavailable';

/** One step of a payment failed; `message` is the server's or the provider's explanation, when there is one. */
export class PaymentStepError extends Error {
  constructor(
    readonly stage: PaymentStage,
    message = '',
  ) {
    super(message);
    this.name = 'PaymentStepError';
  }
}

/** Runs one step: whatever it throws becomes that step's failure, with the server's message when it sent one. */
export async function step<T>(stage: PaymentStage, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PaymentStepError) throw error;
    throw new PaymentStepError(stage, error instanceof ApiError ? error.message : undefined);
  }
}

/** Why a payment failed, in words: the failed step's title, and the server's or the provider's explanation. */
export type PaymentFailure = { title: string; description: string };

/** What a payment form gets: the product, whether a payment is running, and how to run one (`pay` pays, answering the payment's id). */
export interface PaymentFormProps {
  product: Product;
  processing: boolean;
  onPay: (pay: () => Promise<string>) => void;
  /** The form's own checks refused the card before any payment was opened. */
  onInvalid: (error: PaymentStepError) => void;
  /** Why the last attempt failed, shown beside the form until the next one. */
  failure: PaymentFailure | null;
}

/** A failed payment in words: one title per step, the server's or provider's message where there is one. */
export function usePaymentFailureText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): PaymentFailure => {
      if (!(error instanceof PaymentStepError)) {
        console.error('Checkout failed', error);
        return { title: t('checkout.errors.title'), description: t('checkout.errors.generic') };
      }
      const texts: Record<PaymentStage, PaymentFailure> = {
        setup: { title: t('checkout.errors.setupTitle'), description: error.message || t('checkout.errors.setup') },
        validation: {
          title: t('checkout.errors.validationTitle'),
          description: error.message || t('checkout.errors.validation'),
        },
        payment: {
          title: t('checkout.errors.paymentTitle'),
          description: error.message || t('checkout.errors.payment'),
        },
        // The money has moved: only support can sort it out, whatever the server said.
        confirmation: {
          title: t('checkout.errors.confirmationTitle'),
          description: t('checkout.errors.confirmation'),
        },
        unavailable: { title: t('checkout.errors.title'), description: t('checkout.errors.unavailable') },
      };
      return texts[error.stage];
    },
    [t],
  );
}

/** A failure away from the card form (opening Stripe's form, a payment back from a bank's page) is a toast. */
export function useReportPaymentError() {
  const failureText = usePaymentFailureText();
  return useCallback((error: unknown) => toast({ variant: 'destructive', ...failureText(error) }), [failureText]);
}

/**
 * A settled payment: the success toast, and the cache brought up to date (the balance from the answer, premium by
 * a refetch of the user). The pushes say the same a moment later; the answer keeps the page right without them.
 */
export function useAnnounceSettled() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (outcome: PaymentOutcome, kind: Product['kind']) => {
      storeCurrentUserCredits(queryClient, outcome.credits);
      if (kind === 'credits') {
        toast({
          variant: 'success',
          title: t('checkout.success.creditsTitle'),
          description: t('checkout.success.creditsDescription', { credits: outcome.creditsAdded }),
        });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      const until = formatLongDate(outcome.premiumExpiry, i18n.language);
      toast({
        variant: 'success',
        title: t('checkout.success.premiumTitle'),
        description: until ? t('checkout.success.premiumDescription', { date: until }) : outcome.message,
      });
    },
    [queryClient, t, i18n],
  );
}

/**
 * Runs a payment for `product`: `pay` takes the money (demo card or Stripe) and returns the payment's id, then the
 * server is asked to settle it. One payment at a time; `processing` holds while one runs. Success ends back on the
 * page the member came from to buy (`returnTo`: the conversation whose message lacked credits, say), or else on the
 * 'Pagamento Completato!' screen; a failure is kept in `failure` (the forms show it beside the card, where a toast
 * would be gone before the member has read it) until the next attempt.
 */
export function usePayment(returnTo: string | null) {
  const navigate = useNavigate();
  const failureText = usePaymentFailureText();
  const announce = useAnnounceSettled();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (product: Product, pay: () => Promise<string>) => {
      if (running.current) return;
      running.current = true;
      setProcessing(true);
      setFailure(null);
      try {
        const paymentIntentId = await pay();
        const outcome = await step('confirmation', () => confirmPayment(paymentIntentId));
        announce(outcome, product.kind);
        await navigate(returnTo ?? successAddress(null));
      } catch (error) {
        setFailure(failureText(error));
      } finally {
        running.current = false;
        setProcessing(false);
      }
    },
    [announce, navigate, failureText, returnTo],
  );

  const refuse = useCallback((error: PaymentStepError) => setFailure(failureText(error)), [failureText]);

  return { processing, failure, run, refuse };
}
