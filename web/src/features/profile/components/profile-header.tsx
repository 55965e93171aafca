import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { PremiumBadge } from '@/components/premium-badge';
import { UserAvatar } from '@/components/user-avatar';
import { VerificationBadge } from '@/components/verification-badge';
import { isPremiumActive } from '@/lib/premium';
import { displayName } from '@/lib/user-display';

type HeaderUser = Pick<User, 'firstName' | 'lastName' | 'username' | 'profileImageUrl' | 'verificationStatus'> &
  Partial<Pick<User, 'isPremium' | 'premiumSubscriptionExpiry'>>;

/**
 * The dark hero at the top of a profile: avatar, name (with the crown of a premium member), @username and
 * verification badge. `online` adds the
 * presence dot (shown on other members' profiles); `children` is the line below.
 */
export function ProfileHeader({
  user,
  online = false,
  children,
}: {
  user: HeaderUser;
  online?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden rounded-3xl bg-hero px-6 py-8 text-white shadow-lg sm:px-8">
      <div aria-hidden className="absolute -top-20 -right-16 size-64 rounded-full bg-primary opacity-60 blur-3xl" />
      <div
        aria-hidden
        className="absolute -bottom-24 left-1/3 size-56 rounded-full bg-brand-warm opacity-30 blur-3xl"
      />
      <div className="relative flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <span className="relative shrink-0">
          <UserAvatar user={user} className="size-20 text-2xl ring-4 ring-white/20" />
          {online && (
            <span
              role="img"
              aria-label={t('profile.public.online')}
              title={t('profile.public.online')}
              className="absolute right-0.5 bottom-0.5 size-5 rounded-full bg-emerald-400 ring-4 ring-hero"
            />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-3">
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{displayName(user)}</h1>
            {isPremiumActive(user) && <PremiumBadge tone="inverted" />}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="truncate text-white/75">@{user.username}</p>
            <VerificationBadge status={user.verificationStatus} tone="inverted" />
          </div>
          {children}
        </div>
      </div>
    </section>
  );
}
