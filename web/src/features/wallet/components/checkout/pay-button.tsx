import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatEuro } from '@/lib/money';
import type { Product } from '../../lib/product';

/** 'Completa Acquisto €price'; while a payment runs it is disabled and says so. */
export function PayButton({
  product,
  processing,
  disabled,
}: {
  product: Product;
  processing: boolean;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      type="submit"
      variant="gradient"
      size="lg"
      className="w-full"
      disabled={processing || disabled}
      aria-busy={processing || undefined}
    >
      {processing ? <Spinner /> : <Lock aria-hidden />}
      {processing
        ? t('checkout.summary.processing')
        : t('checkout.summary.pay', { price: formatEuro(product.item.priceCents, i18n.language) })}
    </Button>
  );
}
