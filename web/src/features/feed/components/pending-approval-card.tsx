import { Clock, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** In the composer's place while the member's photo waits for an admin: they may browse, not post. */
export function PendingApprovalCard() {
  const { t } = useTranslation();
  return (
    <Card className="border-warning/40 bg-warning/10" data-testid="pending-approval">
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
  );
}
