import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { TextField } from '@/components/forms/text-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { logout } from '@/lib/sign-out';
import { useDeleteAccount } from '../api/delete-account';

const CONFIRMATION_WORD = 'ELIMINA';
// Long enough to read the confirmation before the session ends.
const LEAVE_AFTER_MS = 1_500;

export function DangerZoneCard({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast({
        variant: 'success',
        title: t('profile.danger.successTitle'),
        description: t('profile.danger.successDescription'),
      });
      setTimeout(logout, LEAVE_AFTER_MS);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('profile.danger.genericError')),
      }),
  });
  const confirmed = typed === CONFIRMATION_WORD;

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden />
          {t('profile.danger.title')}
        </CardTitle>
        <CardDescription>{t('profile.danger.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (remove.isPending || remove.isSuccess) return;
            setOpen(next);
            if (!next) setTyped('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">{t('profile.danger.delete')}</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('profile.danger.dialogTitle')}</AlertDialogTitle>
              <AlertDialogDescription>{t('profile.danger.dialogDescription')}</AlertDialogDescription>
            </AlertDialogHeader>
            {credits > 0 && (
              <p
                role="alert"
                className="rounded-xl border border-warning/50 bg-warning/15 px-4 py-3 text-sm font-medium text-amber-800"
              >
                {t('profile.danger.creditsWarning', { count: credits })}
              </p>
            )}
            <form
              id="delete-account-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (confirmed) remove.mutate();
              }}
            >
              <TextField
                id="delete-confirmation"
                label={
                  <Trans
                    i18nKey="profile.danger.confirmLabel"
                    values={{ word: CONFIRMATION_WORD }}
                    components={{
                      code: (
                        <code className="rounded-md bg-destructive/10 px-1.5 py-0.5 font-mono text-[0.8125rem] font-bold tracking-wider text-destructive" />
                      ),
                    }}
                  />
                }
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            </form>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{t('common.cancel')}</AlertDialogCancel>
              <Button
                type="submit"
                form="delete-account-form"
                variant="destructive"
                disabled={!confirmed || remove.isPending}
              >
                {remove.isPending && <Spinner />}
                {t('profile.danger.confirm')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
