import { PREMIUM_GRANT_MONTHS } from '@tip/identity/domain';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminListGrantPremium } from '@/api/admin/grant-premium';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatMonths } from '@/lib/money';
import { cn } from '@/lib/utils';
import { formatAdminDay } from '@/pages/admin/format';
import { notifyFailure, notifySuccess } from '@/pages/admin/notify';

const DEFAULT_MONTHS = 1;

/** The premium grant dialog: 1, 2, 3, 6 or 12 months, 1 chosen when it opens. */
export function GrantPremiumDialog({ userId, name }: { userId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [months, setMonths] = useState<number>(DEFAULT_MONTHS);
  const grant = useAdminListGrantPremium({
    onSuccess: (answer) => {
      setOpen(false);
      const until = formatAdminDay(answer.premiumSubscriptionExpiry);
      notifySuccess(
        t('admin.users.granted'),
        until ? t('premium.status.activeUntil', { date: until }) : answer.message,
      );
    },
    onError: (error) => notifyFailure(t, t('admin.errors.grantPremium'), error),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (grant.isPending) return;
        setOpen(next);
        if (next) setMonths(DEFAULT_MONTHS);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="gradient">
          <Crown aria-hidden />
          {t('admin.users.grant')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('admin.users.grantTitle')}</DialogTitle>
          <DialogDescription>{t('admin.users.grantDescription', { name })}</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label={t('admin.users.grantMonths')} className="grid grid-cols-5 gap-2">
          {PREMIUM_GRANT_MONTHS.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={months === option}
              aria-label={formatMonths(option, i18n.language)}
              onClick={() => setMonths(option)}
              className={cn(
                'grid h-14 place-items-center rounded-xl border text-lg font-bold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                months === option
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-card hover:bg-secondary hover:text-secondary-foreground',
              )}
            >
              {option}
            </button>
          ))}
        </div>
        <p className="text-center text-sm text-muted-foreground">{formatMonths(months, i18n.language)}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={grant.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button onClick={() => grant.mutate({ userId, months })} disabled={grant.isPending}>
            {grant.isPending && <Spinner />}
            {t('admin.users.grantConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
