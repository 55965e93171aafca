import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '@/api/types';
import { PremiumStatus } from '@/components/premium-status';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { VerificationBadge } from '@/components/verification-badge';
import { DetailRow, memberSince } from './detail-row';

export function AccountStatusCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const since = memberSince(user.createdAt, i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('profile.status.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <DetailRow term={t('profile.status.verification')}>
            <VerificationBadge status={user.verificationStatus} />
          </DetailRow>
          {user.email && (
            <DetailRow term={t('auth.fields.email')}>
              <span className="flex flex-col items-end">
                <span>{user.email}</span>
                {/* The e-mail step left for later: where to take it again. */}
                {!user.emailConfirmed && (
                  <span className="text-xs font-normal text-muted-foreground" data-testid="email-unconfirmed">
                    {t('profile.status.emailUnconfirmed')}{' '}
                    <Link to="/verify-email" className="font-medium text-primary hover:underline">
                      {t('profile.status.confirmEmail')}
                    </Link>
                  </span>
                )}
              </span>
            </DetailRow>
          )}
          <DetailRow term={t('profile.status.role')}>
            <span className="flex gap-1.5">
              {user.isAdmin && <Badge>{t('profile.status.admin')}</Badge>}
              {user.isTester && <Badge variant="secondary">{t('profile.status.tester')}</Badge>}
              {!user.isAdmin && !user.isTester && <Badge variant="outline">{t('profile.status.member')}</Badge>}
            </span>
          </DetailRow>
          {/* Admins have no premium: they see everything whole anyway. */}
          {!user.isAdmin && (
            <DetailRow term={t('premium.status.title')}>
              <PremiumStatus user={user} />
            </DetailRow>
          )}
          {since && <DetailRow term={t('profile.status.memberSince')}>{since}</DetailRow>}
        </dl>
      </CardContent>
    </Card>
  );
}
