import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUnblockUser } from '../api/unblock-user';

/** 'Sblocca' with a confirmation: on success the member leaves the blocked list and the toast says so. */
export function UnblockUserButton({
  user,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  user: { id: string; username: string | null };
} & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unblock = useUnblockUser({
    onSuccess: () => {
      setOpen(false);
      toast({ variant: 'success', title: t('blocks.unblocked') });
    },
    onError: () => toast({ variant: 'destructive', title: t('common.error'), description: t('blocks.unblockError') }),
  });
  const username = user.username ?? t('blocks.unknownUser');

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!unblock.isPending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} className={className}>
          {t('blocks.unblock')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('blocks.unblockTitle', { username })}</AlertDialogTitle>
          <AlertDialogDescription>{t('blocks.unblockDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={unblock.isPending}>{t('common.cancel')}</AlertDialogCancel>
          <Button onClick={() => unblock.mutate(user.id)} disabled={unblock.isPending}>
            {unblock.isPending && <Spinner />}
            {t('blocks.unblockConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
