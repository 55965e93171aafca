import { Coins, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutOfCredits } from '@/components/out-of-credits';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isOutOfCredits, serverMessageOr } from '@/lib/errors';
import { reportFeedError } from '@/lib/report-error';
import { useUnlockPost } from '../../api/unlock-post';

/**
 * Confirms the price before paying it; too few credits keeps the dialog open with the way to buy more, which comes
 * back here.
 */
export function UnlockDialog({
  postId,
  cost,
  balance,
  open,
  onOpenChange,
}: {
  postId: string;
  cost: number;
  balance: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const unlock = useUnlockPost(postId, {
    onSuccess: (answer) => {
      onOpenChange(false);
      toast({
        variant: 'success',
        title: t('feed.unlock.done'),
        description: t('feed.unlock.charged', { credits: answer.charged }),
      });
    },
    onError: (error) => {
      if (isOutOfCredits(error)) setRefusal(serverMessageOr(error, t('feed.unlock.insufficient')));
      else reportFeedError(t, error, { title: t('feed.unlock.failed'), fallback: t('common.genericError') });
    },
  });
  const short = refusal !== null || balance < cost;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (unlock.isPending) return;
        if (next) setRefusal(null);
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('feed.unlock.title')}</DialogTitle>
          <DialogDescription>{t('feed.unlock.description', { cost })}</DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-2 text-sm">
          <Coins className="size-4 text-amber-500" aria-hidden />
          {t('feed.unlock.balance', { credits: balance })}
        </p>
        {short && <OutOfCredits message={refusal ?? t('feed.unlock.insufficient')} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={unlock.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button variant="gradient" onClick={() => unlock.mutate()} disabled={unlock.isPending}>
            {unlock.isPending ? <Spinner /> : <LockOpen aria-hidden />}
            {t('feed.unlock.confirm', { cost })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
