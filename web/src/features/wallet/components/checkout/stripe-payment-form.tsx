import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { successAddress } from '@/lib/return-to';
import type { PaymentSession } from '../../api/types';
import { PaymentStepError, step, useReportPaymentError, type PaymentFormProps } from '../../hooks/use-payment';
import { useReturnTo } from '../../hooks/use-return-to';
import { openPayment, type Product } from '../../lib/product';
import { PayButton } from './pay-button';
import { PaymentFailureNotice } from './payment-failure-notice';

// Stripe.js is loaded from Stripe on first use only (this module is loaded only when the provider is Stripe), once
// per key. A failed load counts as "no payment system": the form then says 'Sistema di pagamento non inizializzato'.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js did not load', error);
      return null;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

type SessionState = { productId: string; session: PaymentSession | null };

/**
 * Choosing a package or the plan opens its payment at once (the Payment Element needs the
 * payment's client secret); a failure says 'Errore Inizializzazione' and offers a retry.
 */
function usePaymentSession(product: Product) {
  const report = useReportPaymentError();
  const [state, setState] = useState<SessionState | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    step('setup', () => openPayment(product)).then(
      (session) => current && setState({ productId: product.item.id, session }),
      (error: unknown) => {
        if (!current) return;
        setState({ productId: product.item.id, session: null });
        report(error);
      },
    );
    return () => {
      current = false;
    };
  }, [product, attempt, report]);
  const settled = state?.productId === product.item.id ? state : null;
  return { settled, retry: () => setAttempt((count) => count + 1) };
}

/** Stripe's Payment Element for `product`, confirmed in place (a redirect only where the method needs one). */
export default function StripePaymentForm({
  publishableKey,
  product,
  processing,
  onPay,
  onInvalid,
  failure,
}: PaymentFormProps & { publishableKey: string }) {
  const { t, i18n } = useTranslation();
  const { settled, retry } = usePaymentSession(product);

  if (!settled)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <Spinner />
        {t('checkout.stripe.preparing')}
      </p>
    );
  if (!settled.session)
    return (
      <div className="space-y-3 text-center">
        <p className="text-sm text-muted-foreground">{t('checkout.errors.setup')}</p>
        <Button variant="outline" onClick={retry}>
          <RotateCcw aria-hidden />
          {t('checkout.retry')}
        </Button>
      </div>
    );
  return (
    <Elements
      key={settled.session.clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret: settled.session.clientSecret,
        locale: i18n.language as StripeElementLocale,
        appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
      }}
    >
      <StripeForm product={product} processing={processing} onPay={onPay} onInvalid={onInvalid} failure={failure} />
    </Elements>
  );
}

function StripeForm({ product, processing, onPay, failure }: PaymentFormProps) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  const stripe = useStripe();
  const elements = useElements();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay(async () => {
      if (!stripe || !elements) throw new PaymentStepError('unavailable');
      // The Payment Element's own checks first (an incomplete number, a past date...).
      const { error: refused } = await elements.submit();
      if (refused) throw new PaymentStepError('validation', refused.message);
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${successAddress(returnTo)}` },
        redirect: 'if_required',
      });
      if (error)
        throw new PaymentStepError(error.type === 'validation_error' ? 'validation' : 'payment', error.message);
      if (paymentIntent.status !== 'succeeded') throw new PaymentStepError('payment');
      return paymentIntent.id;
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('checkout.stripe.formLabel')}>
      <PaymentElement options={{ readOnly: processing }} />
      {failure && <PaymentFailureNotice failure={failure} />}
      <PayButton product={product} processing={processing} />
      <p className="text-center text-xs text-muted-foreground">{t('checkout.stripe.secure')}</p>
    </form>
  );
}
