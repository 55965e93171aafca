import { adminAdjustmentSchema } from '@tip/wallet/domain';
import { Coins, Crown, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@/api/types';
import { PremiumStatus } from '@/components/premium-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatLongDate } from '@/lib/dates';
import { isPremiumActive } from '@/lib/premium';
import { displayName } from '@/lib/user-display';
import { useAdminAddCredits } from '../api/admin-add-credits';
import { useAdminGrantPremium } from '../api/admin-grant-premium';
import { useAdminRevokePremium } from '../api/admin-revoke-premium';
import { GrantPremiumDialog } from './grant-premium-dialog';

/** The quick adjustments an admin sees on a member's profile (docs/product.md#profile-and-account). */
const QUICK_AMOUNTS = [100, 500, 1000] as const;

/**
 * An admin's controls on a member's profile (never on another admin's): the balance with quick and free
 * adjustments, and premium granted or revoked.
 */
export function AdminMemberCard({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card className="border-primary/30" data-testid="admin-member-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('wallet.admin.title')}
        </CardTitle>
        <CardDescription>{t('wallet.admin.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section className="space-y-3" aria-labelledby="admin-credits-title">
          <h3 id="admin-credits-title" className="flex items-center gap-2 text-sm font-semibold">
            <Coins className="size-4 text-amber-500" aria-hidden />
            {t('wallet.admin.balance')}
          </h3>
          <p className="text-3xl font-bold tracking-tight" data-testid="admin-member-credits">
            {number.format(member.credits ?? 0)}
          </p>
          <CreditControls userId={member.id} />
        </section>
        <section className="space-y-3" aria-labelledby="admin-premium-title">
          <h3 id="admin-premium-title" className="flex items-center gap-2 text-sm font-semibold">
            <Crown className="size-4 text-amber-500" aria-hidden />
            {t('premium.status.title')}
          </h3>
          <div className="flex justify-start text-sm [&>span]:items-start [&>span]:text-left">
            <PremiumStatus user={member} />
          </div>
          <PremiumControls member={member} />
        </section>
      </CardContent>
    </Card>
  );
}

function CreditControls({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const adjust = useAdminAddCredits(userId, {
    onSuccess: (answer) => {
      setTyped('');
      toast({ variant: 'success', title: t('wallet.admin.creditsSuccess'), description: answer.message });
    },
    onError: () =>
      toast({ variant: 'destructive', title: t('common.error'), description: t('wallet.admin.creditsError') }),
  });
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });

  // Whole, non-zero, -10000..10000; anything else is silently ignored (docs/product.md#the-admin-console).
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminAdjustmentSchema.safeParse({ amount: typed.trim() === '' ? Number.NaN : Number(typed) });
    if (parsed.success && !adjust.isPending) adjust.mutate(parsed.data.amount);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {QUICK_AMOUNTS.map((amount) => (
          <Button
            key={amount}
            variant="outline"
            size="sm"
            disabled={adjust.isPending}
            onClick={() => adjust.mutate(amount)}
          >
            {number.format(amount)}
          </Button>
        ))}
      </div>
      <form onSubmit={apply} className="grid gap-2">
        <Label htmlFor="admin-credits-amount">{t('wallet.admin.amountLabel')}</Label>
        <div className="flex gap-2">
          <Input
            id="admin-credits-amount"
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('wallet.admin.amountPlaceholder')}
            aria-describedby="admin-credits-hint"
            autoComplete="off"
          />
          <Button type="submit" disabled={adjust.isPending}>
            {adjust.isPending && <Spinner />}
            {t('wallet.admin.apply')}
          </Button>
        </div>
        <p id="admin-credits-hint" className="text-xs text-muted-foreground">
          {t('wallet.admin.amountHint')}
        </p>
      </form>
    </div>
  );
}

function PremiumControls({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const grant = useAdminGrantPremium(member.id, {
    onSuccess: (answer) => {
      const until = formatLongDate(answer.premiumSubscriptionExpiry, i18n.language);
      toast({
        variant: 'success',
        title: t('wallet.admin.grantSuccess'),
        description: until ? t('premium.status.activeUntil', { date: until }) : answer.message,
      });
    },
    onError: () =>
      toast({ variant: 'destructive', title: t('common.error'), description: t('wallet.admin.grantError') }),
  });
  const revoke = useAdminRevokePremium(member.id, {
    onSuccess: (answer) =>
      toast({ variant: 'success', title: t('wallet.admin.revokeSuccess'), description: answer.message }),
    onError: () =>
      toast({ variant: 'destructive', title: t('common.error'), description: t('wallet.admin.revokeError') }),
  });
  const confirmRevoke = () => {
    if (window.confirm(t('wallet.admin.revokeConfirm', { name: displayName(member) }))) revoke.mutate();
  };
  return (
    <div className="flex flex-wrap gap-2">
      <GrantPremiumDialog name={displayName(member)} texts="wallet.admin" grant={grant} />
      {isPremiumActive(member) && (
        <Button variant="outline" onClick={confirmRevoke} disabled={revoke.isPending}>
          {revoke.isPending && <Spinner />}
          {t('wallet.admin.revoke')}
        </Button>
      )}
    </div>
  );
}
