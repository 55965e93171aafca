import { Coins, Crown, ExternalLink, ShieldCheck, Wrench } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { UserAvatar } from '@/components/user-avatar';
import { VerificationBadge } from '@/components/verification-badge';
import { isPremiumActive } from '@/lib/premium';
import { useAdminListAddCredits } from '../api/add-credits';
import { useAdminDeleteUser } from '../api/delete-user';
import { useAdminListGrantPremium } from '../api/grant-premium';
import { useAdminListRevokePremium } from '../api/revoke-premium';
import { useSetTester } from '../api/set-tester';
import type { AdminUser } from '../api/types';
import { useUserName } from '../hooks/use-user-name';
import { parseCreditAdjustment } from '../lib/credit-adjustment';
import { formatAdminDate, formatAdminDay } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { ConfirmButton, DeleteButton } from './confirm-button';
import { GrantPremiumDialog } from './grant-premium-dialog';

/**
 * One account in 'Utenti': who they are, their roles, verification, premium and balance; for members (never admins)
 * the tester switch, the credit adjustment, premium granted or revoked, and deletion.
 */
export function UserCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const name = useUserName()(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const premium = isPremiumActive(user);
  const expiry = formatAdminDay(user.premiumSubscriptionExpiry);
  const credits = new Intl.NumberFormat(i18n.language).format(user.credits);

  return (
    <Card className="gap-4 px-4 py-4 sm:px-5" data-testid="admin-user" data-user-id={user.id}>
      <div className="flex flex-wrap items-start gap-3">
        <UserAvatar
          user={{
            firstName: user.firstName,
            lastName: user.lastName,
            username: name,
            profileImageUrl: user.profileImageUrl,
          }}
          className="size-11"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/profile/${encodeURIComponent(user.id)}`} className="font-semibold break-all hover:underline">
              @{name}
            </Link>
            {user.isAdmin && (
              <Badge>
                <ShieldCheck aria-hidden />
                {t('admin.users.admin')}
              </Badge>
            )}
            {user.isTester && (
              <Badge variant="secondary">
                <Wrench aria-hidden />
                {t('admin.users.tester')}
              </Badge>
            )}
            <VerificationBadge status={user.verificationStatus} />
            {premium && (
              <Badge variant="warning" data-testid="admin-user-premium">
                <Crown aria-hidden />
                {expiry ? t('premium.status.activeUntil', { date: expiry }) : t('premium.status.active')}
              </Badge>
            )}
          </div>
          <p className="text-sm break-all text-muted-foreground">
            {[fullName, user.email].filter(Boolean).join(' · ')}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span
              className="inline-flex items-center gap-1 font-medium text-foreground"
              data-testid="admin-user-credits"
            >
              <Coins className="size-3.5 text-amber-500" aria-hidden />
              {t('admin.users.credits', { credits })}
            </span>
            <span>{t('admin.users.registered', { date: formatAdminDate(user.createdAt) })}</span>
          </p>
        </div>
        <Button asChild variant="ghost" size="icon" className="size-9" title={t('admin.users.openProfile')}>
          <Link to={`/profile/${encodeURIComponent(user.id)}`} aria-label={t('admin.users.openProfile')}>
            <ExternalLink aria-hidden />
          </Link>
        </Button>
      </div>
      {!user.isAdmin && <MemberControls user={user} name={name} premium={premium} />}
    </Card>
  );
}

function MemberControls({ user, name, premium }: { user: AdminUser; name: string; premium: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const tester = useSetTester({
    onSuccess: (answer) =>
      notifySuccess(answer.isTester ? t('admin.users.testerOn') : t('admin.users.testerOff'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.tester'), error),
  });
  const grant = useAdminListGrantPremium(user.id, {
    onSuccess: (answer) => {
      const until = formatAdminDay(answer.premiumSubscriptionExpiry);
      notifySuccess(
        t('admin.users.granted'),
        until ? t('premium.status.activeUntil', { date: until }) : answer.message,
      );
    },
    onError: (error) => notifyFailure(t, t('admin.errors.grantPremium'), error),
  });
  const revoke = useAdminListRevokePremium({
    onSuccess: (answer) => notifySuccess(t('admin.users.revoked'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.revokePremium'), error),
  });
  const remove = useAdminDeleteUser({
    onSuccess: (answer) => notifySuccess(t('admin.users.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deleteUser'), error),
  });

  return (
    <div className="flex flex-col gap-3 border-t pt-3 lg:flex-row lg:flex-wrap lg:items-center">
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-tester`}
          checked={user.isTester}
          disabled={tester.isPending}
          onCheckedChange={(isTester) => tester.mutate({ userId: user.id, isTester })}
          aria-label={t('admin.users.testerLabel', { name })}
        />
        <Label htmlFor={`${id}-tester`} aria-hidden>
          {t('admin.users.tester')}
        </Label>
      </div>
      <CreditAdjuster userId={user.id} name={name} />
      <div className="flex flex-wrap gap-2 lg:ml-auto">
        <GrantPremiumDialog name={name} texts="admin.users" grant={grant} size="sm" />
        {premium && (
          <ConfirmButton
            title={t('admin.users.revokeTitle')}
            description={t('admin.users.revokeDescription', { name })}
            confirmLabel={t('admin.users.revoke')}
            onConfirm={() => revoke.mutate(user.id)}
          >
            <Button size="sm" variant="outline" disabled={revoke.isPending}>
              {revoke.isPending && <Spinner />}
              {t('admin.users.revoke')}
            </Button>
          </ConfirmButton>
        )}
        <DeleteButton
          label={t('admin.users.delete')}
          title={t('admin.users.deleteTitle')}
          description={t('admin.users.deleteDescription', { name })}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(user.id)}
        />
      </div>
    </div>
  );
}

/** A whole amount, applied with Enter or 'Applica'; what is not a valid adjustment is silently ignored. */
function CreditAdjuster({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const adjust = useAdminListAddCredits({
    onSuccess: (answer) => {
      setTyped('');
      notifySuccess(t('admin.users.creditsUpdated'), answer.message);
    },
    onError: (error) => notifyFailure(t, t('admin.errors.credits'), error),
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseCreditAdjustment(typed);
    if (amount !== null && !adjust.isPending) adjust.mutate({ userId, amount });
  };

  return (
    <form onSubmit={apply} className="flex items-center gap-2">
      <Label htmlFor={`${id}-credits`} className="sr-only">
        {t('admin.users.creditsLabel', { name })}
      </Label>
      <Input
        id={`${id}-credits`}
        inputMode="numeric"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t('admin.users.creditsPlaceholder')}
        className="h-9 w-36"
        autoComplete="off"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={adjust.isPending}>
        {adjust.isPending && <Spinner />}
        {t('admin.users.apply')}
      </Button>
    </form>
  );
}
