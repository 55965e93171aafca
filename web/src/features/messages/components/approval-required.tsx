import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '@/components/back-home-button';
import { Card, CardContent } from '@/components/ui/card';

/** An unverified or rejected member: messages open once an admin approves the account. */
export function ApprovalRequired() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl">
      <Card className="items-center px-6 py-12 text-center" data-testid="messages-approval-required">
        <span className="grid size-14 place-items-center rounded-2xl bg-warning/15 text-amber-600">
          <Clock className="size-7" aria-hidden />
        </span>
        <CardContent className="space-y-2">
          <h1 className="text-xl font-bold">{t('messages.approvalTitle')}</h1>
          <p className="text-muted-foreground">{t('messages.approvalDescription')}</p>
        </CardContent>
        <BackHomeButton variant="outline" />
      </Card>
    </div>
  );
}
