import { Clock, Newspaper, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/auth/get-current-user';
import { useSetOnlineStatus } from '@/api/users/online-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { normalizeStatus, VerificationBadge } from '@/components/verification-badge';
import { TesterCreditsPanel } from '@/components/wallet/tester-credits-panel';
import { displayName } from '@/lib/user-display';

const CATEGORIES = ['trending', 'melanzana', 'patate'];

/** The signed-in home. The feed itself arrives with the content capability; this page already marks the user online. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  // The category is read once on arrival and then dropped from the address bar.
  const [category] = useState(() => params.get('category'));
  const { mutate: setOnline } = useSetOnlineStatus();

  useEffect(() => {
    if (params.has('category')) setParams({}, { replace: true });
  }, [params, setParams]);

  useEffect(() => setOnline(true), [setOnline]);

  if (!user) return null;
  const status = normalizeStatus(user.verificationStatus);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('home.welcome', { name: displayName(user) })}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('home.subtitle')}</p>
        </div>
        <VerificationBadge status={user.verificationStatus} />
      </div>

      {status !== 'approved' && !user.isAdmin && (
        <Card className="border-warning/40 bg-warning/10">
          <CardHeader className="flex-row items-start gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
            <div className="space-y-1">
              <CardTitle className="text-base">{t('profile.pending.title')}</CardTitle>
              <CardDescription className="text-foreground/80">{t('home.pendingDescription')}</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="pl-14">
            <Button asChild variant="outline" size="sm">
              <Link to="/settings">
                <UserRound aria-hidden />
                {t('home.completeProfile')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      )}

      {user.isTester && <TesterCreditsPanel />}

      <Card className="items-center px-6 py-14 text-center">
        <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
          <Newspaper className="size-8" aria-hidden />
        </span>
        <CardContent className="max-w-lg space-y-2">
          <h2 className="text-xl font-semibold">{t('home.feedComing.title')}</h2>
          <p className="text-muted-foreground">{t('home.feedComing.description')}</p>
        </CardContent>
        {category && CATEGORIES.includes(category) && (
          <Badge variant="secondary">{t('home.category', { category: t(`nav.${category}`) })}</Badge>
        )}
      </Card>
    </div>
  );
}
