import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { VerificationBadge } from '@/components/verification-badge';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

export function AccountStatusCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const since = new Date(user.createdAt);
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
          <Row term={t('profile.status.verification')}>
            <VerificationBadge status={user.verificationStatus} />
          </Row>
          {user.email && <Row term={t('auth.fields.email')}>{user.email}</Row>}
          <Row term={t('profile.status.role')}>
            <span className="flex gap-1.5">
              {user.isAdmin && <Badge>{t('profile.status.admin')}</Badge>}
              {user.isTester && <Badge variant="secondary">{t('profile.status.tester')}</Badge>}
              {!user.isAdmin && !user.isTester && <Badge variant="outline">{t('profile.status.member')}</Badge>}
            </span>
          </Row>
          {!Number.isNaN(since.getTime()) && (
            <Row term={t('profile.status.memberSince')}>
              {since.toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' })}
            </Row>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
