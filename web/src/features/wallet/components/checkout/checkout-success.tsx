import { CircleCheckBig, Coins } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { checkoutAddress, successAddress } from '@/lib/return-to';
import { confirmPayment } from '../../api/confirm-payment';
import { PaymentStepError, step, useAnnounceSettled, useReportPaymentError } from '../../hooks/use-payment';
import { useReturnTo } from '../../hooks/use-return-to';

/**
 * Stripe sends a payment that needed a redirect (3-D Secure, a bank page) back here with `payment_intent` and
 * `redirect_status`: settle it once, then drop the parameters, or go back to the page the member came to buy from.
 * A payment confirmed in place arrives without them.
 */
function useSettleReturningPayment() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const announce = useAnnounceSettled();
  const report = useReportPaymentError();
  const returnTo = useReturnTo();
  const handled = useRef(false);
  const paymentIntentId = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');

  useEffect(() => {
    if (!paymentIntentId || handled.current) return;
    handled.current = true;
    const settle = async () => {
      if (redirectStatus !== 'succeeded') {
        report(new PaymentStepError('payment'));
        await navigate(returnTo ? checkoutAddress(returnTo) : '/checkout', { replace: true });
        return;
      }
      try {
        const outcome = await step('confirmation', () => confirmPayment(paymentIntentId));
        announce(outcome, outcome.creditsAdded > 0 ? 'credits' : 'premium');
      } catch (error) {
        report(error);
      }
      await navigate(returnTo ?? successAddress(null), { replace: true });
    };
    void settle();
  }, [paymentIntentId, redirectStatus, returnTo, announce, report, navigate]);
}

/** 'Pagamento Completato!' with the balance as it stands now and the way back to the community. */
export function CheckoutSuccess() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  useSettleReturningPayment();

  return (
    <div className="mx-auto max-w-xl">
      <Card className="items-center px-6 py-12 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success">
          <CircleCheckBig className="size-9" aria-hidden />
        </span>
        <CardContent className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.success.pageTitle')}</h1>
          <p className="text-muted-foreground">{t('checkout.success.pageDescription')}</p>
          {user && (
            <p className="flex items-center justify-center gap-2 pt-2 font-medium">
              <Coins className="size-4 text-amber-500" aria-hidden />
              <span data-testid="success-balance">{t('checkout.success.balance', { credits: user.credits })}</span>
            </p>
          )}
        </CardContent>
        {/* Leaving checkout is a full page load, as the sidebar's links from here are. */}
        <Button asChild variant="gradient" size="lg">
          <Link to="/" reloadDocument>
            {t('checkout.success.back')}
          </Link>
        </Button>
      </Card>
    </div>
  );
}
