import { ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatEuro, formatMonths } from '@/lib/money';
import type { Product } from '../../lib/product';

/** The right-hand column: what is being bought, its price and the total, above the payment form (`children`). */
export function OrderSummary({ product, children }: { product: Product; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const price = formatEuro(product.item.priceCents, i18n.language);
  return (
    <Card className="lg:sticky lg:top-24" data-testid="order-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptText className="size-5 text-primary" aria-hidden />
          {t('checkout.summary.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="space-y-3 text-sm">
          {product.kind === 'credits' ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t('checkout.summary.credits')}</dt>
              <dd className="font-medium">{product.item.credits}</dd>
            </div>
          ) : (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t('checkout.summary.plan')}</dt>
              <dd className="font-medium">
                {t('checkout.summary.planValue', { duration: formatMonths(product.item.months, i18n.language) })}
              </dd>
            </div>
          )}
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('checkout.summary.price')}</dt>
            <dd className="font-medium">{price}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t pt-3 text-base">
            <dt className="font-semibold">{t('checkout.summary.total')}</dt>
            <dd className="font-bold" data-testid="order-total">
              {price}
            </dd>
          </div>
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
