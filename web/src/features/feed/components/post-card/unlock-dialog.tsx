import { Coins, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/api/client';
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
import { serverMessageOr } from '@/lib/errors';
import { useUnlockPost } from '../../api/unlock-post';
import { reportFeedError } from '../../lib/report-error';

/** Confirms the price before paying it; too few credits keeps the dialog open with the way to buy more. */
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
      if (error instanceof ApiError && error.status === 402) {
        const message = serverMessageOr(error, t('feed.unlock.insufficient'));
        setRefusal(message);
        toast({ variant: 'destructive', title: t('feed.unlock.failed'), description: message });
        return;
      }
      reportFeedError(t, error, { title: t('feed.unlock.failed'), fallback: t('common.genericError') });
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
        {short && (
          <div role="alert" className="space-y-2 rounded-xl border border-destructive/30 bg-destructive/10 p-3 text-sm">
            <p className="text-destructive">{refusal ?? t('feed.unlock.insufficient')}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/checkout">
                <Coins aria-hidden />
                {t('nav.buyCredits')}
              </Link>
            </Button>
          </div>
        )}
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
