import { Coins, Crown, ExternalLink, ShieldCheck, Wrench } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router-dom';
import type { Member } from '@/api/types';
import { PremiumStatus } from '@/components/premium-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { UserAvatar } from '@/components/user-avatar';
import { VerificationBadge } from '@/components/verification-badge';
import { formatLongDate } from '@/lib/dates';
import { numberFormat } from '@/lib/intl';
import { isPremiumActive } from '@/lib/premium';
import { useAdminAddCredits } from '../api/add-credits';
import { useAdminDeleteUser } from '../api/delete-user';
import { useAdminGrantPremium } from '../api/grant-premium';
import { useAdminRevokePremium } from '../api/revoke-premium';
import { useSetTester } from '../api/set-tester';
import type { AdminUser } from '../api/types';
import { useUserName } from '../hooks/use-user-name';
import { parseCreditAdjustment } from '../lib/credit-adjustment';
import { formatAdminDate } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { DeleteButton } from './confirm-button';
import { GrantPremiumDialog } from './grant-premium-dialog';

/** The quick adjustments (docs/product.md#profile-and-account). */
const QUICK_AMOUNTS = [100, 500, 1000] as const;

/** Whom the card is about: a row of the console's users list, or a member's profile as an admin reads it. */
export type CardMember = AdminUser | Member;

/**
 * An admin's card about one account, in the console's 'Utenti' and on a member's profile: who they are (name, roles,
 * verification, e-mail, registration), their balance and their premium; for members (never admins) the quick and
 * typed credit adjustments, premium granted or revoked, the tester switch and deletion.
 */
export function AdminMemberCard({ member }: { member: CardMember }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const name = useUserName()(member);
  const number = numberFormat(i18n.language);
  const premium = isPremiumActive(member);

  return (
    <Card className="gap-4 px-4 py-4 sm:px-5" data-testid="admin-member-card" data-user-id={member.id}>
      <Identity member={member} name={name} />
      <div className="grid gap-6 border-t pt-4 md:grid-cols-2">
        <section className="space-y-3" aria-labelledby={`${id}-credits`}>
          <h3 id={`${id}-credits`} className="flex items-center gap-2 text-sm font-semibold">
            <Coins className="size-4 text-amber-500" aria-hidden />
            {t('wallet.admin.balance')}
          </h3>
          <p className="text-3xl font-bold tracking-tight" data-testid="admin-member-credits">
            {number.format(member.credits ?? 0)}
          </p>
          {!member.isAdmin && <CreditControls userId={member.id} />}
        </section>
        <section className="space-y-3" aria-labelledby={`${id}-premium`}>
          <h3 id={`${id}-premium`} className="flex items-center gap-2 text-sm font-semibold">
            <Crown className="size-4 text-amber-500" aria-hidden />
            {t('premium.status.title')}
          </h3>
          <div className="flex justify-start text-sm [&>span]:items-start [&>span]:text-left">
            <PremiumStatus user={member} />
          </div>
          {!member.isAdmin && <PremiumControls userId={member.id} name={name} premium={premium} />}
        </section>
      </div>
      {!member.isAdmin && <AccountControls member={member} name={name} />}
    </Card>
  );
}

/** Avatar, name, roles and verification, name and e-mail, registration; the profile is a click away. */
function Identity({ member, name }: { member: CardMember; name: string }) {
  const { t } = useTranslation();
  const profilePath = `/profile/${encodeURIComponent(member.id)}`;
  // On the member's own profile page, a link to it would lead nowhere new.
  const onProfile = useMatch('/profile/:userId')?.params.userId === member.id;
  const fullName = [member.firstName, member.lastName].filter(Boolean).join(' ');

  return (
    <div className="flex flex-wrap items-start gap-3">
      <UserAvatar
        user={{
          firstName: member.firstName,
          lastName: member.lastName,
          username: name,
          profileImageUrl: member.profileImageUrl,
        }}
        className="size-11"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          {onProfile ? (
            <span className="font-semibold break-all">@{name}</span>
          ) : (
            <Link to={profilePath} className="font-semibold break-all hover:underline">
              @{name}
            </Link>
          )}
          {member.isAdmin && (
            <Badge>
              <ShieldCheck aria-hidden />
              {t('admin.users.admin')}
            </Badge>
          )}
          {member.isTester && (
            <Badge variant="secondary">
              <Wrench aria-hidden />
              {t('admin.users.tester')}
            </Badge>
          )}
          <VerificationBadge status={member.verificationStatus} />
        </div>
        <p className="text-sm break-all text-muted-foreground">
          {[fullName, member.email].filter(Boolean).join(' · ')}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('admin.users.registered', { date: formatAdminDate(member.createdAt) })}
        </p>
      </div>
      {!onProfile && (
        <Button asChild variant="ghost" size="icon" className="size-9" title={t('admin.users.openProfile')}>
          <Link to={profilePath} aria-label={t('admin.users.openProfile')}>
            <ExternalLink aria-hidden />
          </Link>
        </Button>
      )}
    </div>
  );
}

/** The quick adjustments, and a whole amount applied with Enter or 'Applica' (anything else is silently ignored). */
function CreditControls({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const adjust = useAdminAddCredits(userId, {
    onSuccess: (answer) => {
      setTyped('');
      notifySuccess(t('wallet.admin.creditsSuccess'), answer.message);
    },
    onError: (error) => notifyFailure(t, t('wallet.admin.creditsError'), error),
  });
  const signed = numberFormat(i18n.language, { signDisplay: 'always' });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseCreditAdjustment(typed);
    if (amount !== null && !adjust.isPending) adjust.mutate(amount);
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
            {signed.format(amount)}
          </Button>
        ))}
      </div>
      <form onSubmit={apply} className="grid gap-2">
        <Label htmlFor={`${id}-amount`}>{t('wallet.admin.amountLabel')}</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-amount`}
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('wallet.admin.amountPlaceholder')}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
          <Button type="submit" disabled={adjust.isPending}>
            {adjust.isPending && <Spinner />}
            {t('wallet.admin.apply')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('wallet.admin.amountHint')}
        </p>
      </form>
    </div>
  );
}

/** 'Concedi Premium' for 1 to 12 months; 'Rimuovi Premium', after a confirmation, while it runs. */
function PremiumControls({ userId, name, premium }: { userId: string; name: string; premium: boolean }) {
  const { t, i18n } = useTranslation();
  const grant = useAdminGrantPremium(userId, {
    onSuccess: (answer) => {
      const until = formatLongDate(answer.premiumSubscriptionExpiry, i18n.language);
      notifySuccess(
        t('wallet.admin.grantSuccess'),
        until ? t('premium.status.activeUntil', { date: until }) : answer.message,
      );
    },
    onError: (error) => notifyFailure(t, t('wallet.admin.grantError'), error),
  });
  const revoke = useAdminRevokePremium(userId, {
    onSuccess: (answer) => notifySuccess(t('wallet.admin.revokeSuccess'), answer.message),
    onError: (error) => notifyFailure(t, t('wallet.admin.revokeError'), error),
  });
  const confirmRevoke = () => {
    if (window.confirm(t('wallet.admin.revokeConfirm', { name }))) revoke.mutate();
  };
  return (
    <div className="flex flex-wrap gap-2">
      <GrantPremiumDialog name={name} grant={grant} />
      {premium && (
        <Button variant="outline" onClick={confirmRevoke} disabled={revoke.isPending}>
          {revoke.isPending && <Spinner />}
          {t('wallet.admin.revoke')}
        </Button>
      )}
    </div>
  );
}

/** The tester switch and the account's deletion (behind a confirmation). */
function AccountControls({ member, name }: { member: CardMember; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const tester = useSetTester({
    onSuccess: (answer) =>
      notifySuccess(answer.isTester ? t('admin.users.testerOn') : t('admin.users.testerOff'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.tester'), error),
  });
  const remove = useAdminDeleteUser({
    onSuccess: (answer) => notifySuccess(t('admin.users.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deleteUser'), error),
  });

  return (
    <div className="flex flex-wrap items-center gap-3 border-t pt-3">
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-tester`}
          checked={member.isTester}
          disabled={tester.isPending}
          onCheckedChange={(isTester) => tester.mutate({ userId: member.id, isTester })}
          aria-label={t('admin.users.testerLabel', { name })}
        />
        <Label htmlFor={`${id}-tester`} aria-hidden>
          {t('admin.users.tester')}
        </Label>
      </div>
      <div className="ml-auto">
        <DeleteButton
          label={t('admin.users.delete')}
          title={t('admin.users.deleteTitle')}
          description={t('admin.users.deleteDescription', { name })}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(member.id)}
        />
      </div>
    </div>
  );
}
