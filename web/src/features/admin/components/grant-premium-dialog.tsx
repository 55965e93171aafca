import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
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
import { ChoiceGroup, ChoiceGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { formatMonths } from '@/lib/money';
import { PREMIUM_GRANT_MONTHS } from '@/lib/rules';
import { cn } from '@/lib/utils';

const DEFAULT_MONTHS = 1;

/** The grant mutation, its variables the months; it says itself how the grant went (its own toasts). */
type GrantMutation = {
  mutate: (months: number, callbacks: { onSuccess: () => void }) => void;
  isPending: boolean;
};

/**
 * 'Concedi Premium', on the admin's member card: the admin picks 1, 2, 3, 6 or 12 months (1 whenever it opens); it
 * closes once the grant succeeded and cannot be closed while it is being sent.
 */
export function GrantPremiumDialog({
  name,
  grant,
  size,
}: { name: string; grant: GrantMutation } & Pick<ButtonProps, 'size'>) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [months, setMonths] = useState<number>(DEFAULT_MONTHS);

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
        <Button size={size} variant="gradient">
          <Crown aria-hidden />
          {t('wallet.admin.grant')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('wallet.admin.grantTitle')}</DialogTitle>
          <DialogDescription>{t('wallet.admin.grantDescription', { name })}</DialogDescription>
        </DialogHeader>
        <ChoiceGroup
          aria-label={t('wallet.admin.grantMonths')}
          value={String(months)}
          onValueChange={(picked) => setMonths(Number(picked))}
          className="grid grid-cols-5 gap-2"
        >
          {PREMIUM_GRANT_MONTHS.map((option) => (
            <ChoiceGroupItem
              key={option}
              value={String(option)}
              aria-label={formatMonths(option, i18n.language)}
              className={cn(
                'grid h-14 place-items-center rounded-xl border text-lg font-bold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                months === option
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-card hover:bg-secondary hover:text-secondary-foreground',
              )}
            >
              {option}
            </ChoiceGroupItem>
          ))}
        </ChoiceGroup>
        <p className="text-center text-sm text-muted-foreground">{formatMonths(months, i18n.language)}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={grant.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button onClick={() => grant.mutate(months, { onSuccess: () => setOpen(false) })} disabled={grant.isPending}>
            {grant.isPending && <Spinner />}
            {t('wallet.admin.grantConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
