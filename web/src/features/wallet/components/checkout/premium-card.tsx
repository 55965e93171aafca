import { BadgeCheck, Crown, Headset, LockOpen, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatEuro, formatMonths } from '@/lib/money';
import type { PremiumPlan } from '../../api/types';

const FEATURES = [
  { key: 'premiumPosts', icon: PenLine },
  { key: 'badge', icon: BadgeCheck },
  { key: 'support', icon: Headset },
  { key: 'unlock', icon: LockOpen },
] as const;

/** The premium subscription: name, price, duration and what it gives. */
/** `activeUntil`: the buyer's current premium expiry (formatted), when premium is active. */
export function PremiumCard({ plan, activeUntil }: { plan: PremiumPlan; activeUntil: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="overflow-hidden border-2 border-amber-400/60 pt-0" data-testid="premium-plan">
      <div className="flex items-center gap-3 bg-gradient-to-r from-amber-400 to-brand-warm px-6 py-4 text-amber-950">
        <Crown className="size-6" aria-hidden />
        <CardTitle as="h3" className="text-xl font-bold">
          {t('checkout.premium.name')}
        </CardTitle>
      </div>
      <CardHeader>
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold tracking-tight">{formatEuro(plan.priceCents, i18n.language)}</span>
          <span className="text-muted-foreground">
            {t('checkout.premium.duration', { duration: formatMonths(plan.months, i18n.language) })}
          </span>
        </p>
        <CardDescription>{t('checkout.premium.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-start gap-3 text-sm">
              <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-amber-100 text-amber-700">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="pt-1">{t(`checkout.premium.features.${key}`)}</span>
            </li>
          ))}
        </ul>
        {activeUntil && (
          <p className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-800">
            {t('checkout.premium.activeUntil', { date: activeUntil })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
