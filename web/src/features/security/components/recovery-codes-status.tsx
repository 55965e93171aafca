import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { useNewRecoveryCodes } from '../api/new-recovery-codes';

/** How many recovery codes are left, and new ones (all the old ones stop working), shown once. */
export function RecoveryCodesStatus({ left, onNew }: { left: number; onNew: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const renew = useNewRecoveryCodes({
    onSuccess: (answer) => onNew(answer.codes),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          {t('secondFactor.recovery.title')}
        </CardTitle>
        <CardDescription>{t('secondFactor.recovery.left', { count: left })}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => renew.mutate()} disabled={renew.isPending}>
          {renew.isPending && <Spinner />}
          {t('secondFactor.recovery.renew')}
        </Button>
      </CardContent>
    </Card>
  );
}
