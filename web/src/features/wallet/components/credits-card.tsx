import { Coins, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl';
import { TESTER_PRESETS, useTesterGrant } from '../hooks/use-tester-grant';

/** The own balance, the way to buy more, and for testers the free-credit buttons. */
export function CreditsCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const grant = useTesterGrant();
  const number = numberFormat(i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-500" aria-hidden />
          {t('wallet.balance.title')}
        </CardTitle>
        <CardDescription>{t('wallet.balance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight" data-testid="profile-credits">
            {number.format(user.credits)}
          </span>
          <span className="text-muted-foreground">{t('wallet.balance.unit')}</span>
        </p>
        <Button asChild variant="gradient" className="w-full sm:w-auto">
          <Link to="/checkout">
            <Coins aria-hidden />
            {t('nav.buyCredits')}
          </Link>
        </Button>
        {user.isTester && (
          <div className="space-y-2 rounded-xl border border-dashed border-sky-400/60 bg-sky-50/60 p-3">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <FlaskConical className="size-4 text-sky-700" aria-hidden />
              {t('wallet.tester.profileTitle')}
            </p>
            <div className="flex flex-wrap gap-2">
              {TESTER_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  variant="outline"
                  size="sm"
                  disabled={grant.isPending}
                  onClick={() => grant.mutate(preset)}
                  aria-label={t('wallet.tester.addAmount', { amount: number.format(preset) })}
                >
                  +{number.format(preset)}
                </Button>
              ))}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
