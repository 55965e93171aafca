import { ArrowLeft, Coins, Crown, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatLongDate } from '@/lib/dates';
import { serverMessageOr } from '@/lib/errors';
import { isPremiumActive } from '@/lib/premium';
import { useCatalogue } from '../api/get-catalogue';
import type { Catalogue } from '../api/types';
import { CheckoutSuccess } from '../components/checkout/checkout-success';
import { DemoCardForm } from '../components/checkout/demo-card-form';
import { OrderSummary } from '../components/checkout/order-summary';
import { PackageCards } from '../components/checkout/package-cards';
import { PremiumCard } from '../components/checkout/premium-card';
import { usePayment } from '../hooks/use-payment';
import { useReturnTo } from '../hooks/use-return-to';
import type { Product } from '../lib/product';

// Stripe's code is loaded only where Stripe takes the payments.
const StripePaymentForm = lazy(() => import('../components/checkout/stripe-payment-form'));

type Tab = 'credits' | 'premium';

/**
 * /checkout: buy credits or premium, and with `?returnTo=<path>` go back there once paid; /checkout?success=true: the
 * completion screen.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  return params.get('success') === 'true' ? <CheckoutSuccess /> : <Shop />;
}

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm font-medium text-muted-foreground">
      <Spinner />
      {label}
    </p>
  );
}

function Shop() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const returnTo = useReturnTo();
  return (
    <div className="space-y-6">
      <div>
        {returnTo && (
          <Button asChild variant="ghost" size="sm" className="mb-2 -ml-3">
            <Link to={returnTo}>
              <ArrowLeft aria-hidden />
              {t('checkout.returnTo.back')}
            </Link>
          </Button>
        )}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t(returnTo ? 'checkout.returnTo.subtitle' : 'checkout.subtitle')}</p>
      </div>
      {catalogue.data ? (
        <Checkout catalogue={catalogue.data} returnTo={returnTo} />
      ) : catalogue.error ? (
        <Card className="items-center px-6 py-12 text-center">
          <CardContent className="space-y-2">
            <p className="font-semibold">{t('checkout.errors.catalogue')}</p>
            <p className="text-sm text-muted-foreground">
              {serverMessageOr(catalogue.error, t('common.genericError'))}
            </p>
          </CardContent>
          <Button variant="outline" onClick={() => void catalogue.refetch()}>
            <RotateCcw aria-hidden />
            {t('checkout.retry')}
          </Button>
        </Card>
      ) : (
        <Loading label={t('common.loading')} />
      )}
    </div>
  );
}

function Checkout({ catalogue, returnTo }: { catalogue: Catalogue; returnTo: string | null }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>('credits');
  // The popular package is the default choice.
  const [packageId, setPackageId] = useState(
    () => (catalogue.packages.find((p) => p.popular) ?? catalogue.packages[0])?.id,
  );
  const { processing, failure, run, refuse } = usePayment(returnTo);
  // No premium tab for admins: they see every premium post whole already, and the server does not sell it to them.
  const plan = user?.isAdmin ? undefined : catalogue.premiumPlans[0];

  const product = useMemo((): Product | null => {
    if (tab === 'credits') {
      const item = catalogue.packages.find((p) => p.id === packageId);
      return item ? { kind: 'credits', item } : null;
    }
    return plan ? { kind: 'premium', item: plan } : null;
  }, [tab, packageId, catalogue, plan]);

  const premiumUntil =
    user && isPremiumActive(user) ? formatLongDate(user.premiumSubscriptionExpiry, i18n.language) : null;

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="credits" disabled={processing} className="px-5">
            <Coins aria-hidden />
            {t('checkout.tabs.credits')}
          </TabsTrigger>
          {plan && (
            <TabsTrigger value="premium" disabled={processing} className="px-5">
              <Crown aria-hidden />
              {t('checkout.tabs.premium')}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="credits" className="pt-3">
          <PackageCards
            packages={catalogue.packages}
            selectedId={packageId}
            onSelect={setPackageId}
            disabled={processing}
          />
        </TabsContent>
        <TabsContent value="premium" className="pt-3">
          {plan && <PremiumCard plan={plan} activeUntil={premiumUntil} />}
        </TabsContent>
      </Tabs>

      {product && (
        <OrderSummary product={product}>
          {catalogue.provider === 'stripe' ? (
            <Suspense fallback={<Loading label={t('checkout.stripe.preparing')} />}>
              <StripePaymentForm
                publishableKey={catalogue.publishableKey}
                product={product}
                processing={processing}
                onPay={(pay) => void run(product, pay)}
                onInvalid={refuse}
                failure={failure}
              />
            </Suspense>
          ) : (
            <DemoCardForm
              product={product}
              processing={processing}
              onPay={(pay) => void run(product, pay)}
              onInvalid={refuse}
              failure={failure}
            />
          )}
        </OrderSummary>
      )}
    </div>
  );
}
