import { Check, Coins, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ChoiceGroup, ChoiceGroupItem } from '@/components/ui/radio-group';
import { formatEuro } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { CreditPackage } from '../../api/types';

/** The three credit packages as a single-choice group: credits, badges, price and price per credit. */
export function PackageCards({
  packages,
  selectedId,
  onSelect,
  disabled,
}: {
  packages: readonly CreditPackage[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ChoiceGroup
      aria-label={t('checkout.packages.label')}
      value={selectedId ?? ''}
      onValueChange={onSelect}
      disabled={disabled}
      className="grid gap-4 sm:grid-cols-3"
    >
      {packages.map((item) => {
        const selected = item.id === selectedId;
        return (
          <ChoiceGroupItem
            key={item.id}
            value={item.id}
            data-testid={`package-${item.credits}`}
            className={cn(
              'relative flex flex-col items-start gap-3 rounded-2xl border-2 bg-card p-5 pt-7 text-left shadow-sm transition-all outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60',
              selected ? 'border-primary shadow-md shadow-primary/15' : 'border-border',
            )}
          >
            <span className="absolute -top-3 left-4 flex gap-1.5">
              {item.popular && (
                <Badge className="shadow-sm">
                  <Sparkles aria-hidden />
                  {t('checkout.packages.popular')}
                </Badge>
              )}
              {item.discountPercent > 0 && (
                <Badge variant="success" className="bg-card shadow-sm">
                  {t('checkout.packages.discount', { percent: item.discountPercent })}
                </Badge>
              )}
            </span>
            <span className="flex w-full items-center justify-between gap-2">
              <span className="grid size-10 place-items-center rounded-xl bg-amber-100 text-amber-700">
                <Coins className="size-5" aria-hidden />
              </span>
              <span
                aria-hidden
                className={cn(
                  'grid size-6 place-items-center rounded-full border-2 transition-colors',
                  selected ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/30',
                )}
              >
                {selected && <Check className="size-3.5" />}
              </span>
            </span>
            <span className="text-2xl font-bold tracking-tight">
              {t('checkout.packages.credits', { credits: item.credits })}
            </span>
            <span className="mt-auto space-y-0.5">
              <span className="block text-xl font-semibold text-primary">
                {formatEuro(item.priceCents, i18n.language)}
              </span>
              <span className="block text-xs text-muted-foreground">
                {t('checkout.packages.perCredit', {
                  price: formatEuro(Math.round(item.priceCents / item.credits), i18n.language),
                })}
              </span>
            </span>
          </ChoiceGroupItem>
        );
      })}
    </ChoiceGroup>
  );
}
