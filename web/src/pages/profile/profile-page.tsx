import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/auth/get-current-user';
import { UserAvatar } from '@/components/user-avatar';
import { normalizeStatus, VerificationBadge } from '@/components/verification-badge';
import { displayName } from '@/lib/user-display';
import { AccountStatusCard } from '@/pages/profile/account-status-card';
import { DangerZoneCard } from '@/pages/profile/danger-zone-card';
import { PersonalInfoCard } from '@/pages/profile/personal-info-card';
import { ProfileImageCard } from '@/pages/profile/profile-image-card';
import { PendingApprovalCard, VerificationRejectedCard } from '@/pages/profile/verification-cards';

/** /profile, /profile/:userId and /settings: the signed-in member's own profile and account. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  const status = normalizeStatus(user.verificationStatus);

  return (
    <div className="space-y-6">
      <section className="relative overflow-hidden rounded-3xl bg-hero px-6 py-8 text-white shadow-lg sm:px-8">
        <div aria-hidden className="absolute -top-20 -right-16 size-64 rounded-full bg-primary opacity-60 blur-3xl" />
        <div
          aria-hidden
          className="absolute -bottom-24 left-1/3 size-56 rounded-full bg-brand-warm opacity-30 blur-3xl"
        />
        <div className="relative flex flex-col items-start gap-5 sm:flex-row sm:items-center">
          <UserAvatar user={user} className="size-20 text-2xl ring-4 ring-white/20" />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{displayName(user)}</h1>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
              <p className="truncate text-white/75">@{user.username}</p>
              <VerificationBadge status={user.verificationStatus} tone="inverted" />
            </div>
            <p className="mt-3 text-sm text-pretty text-white/70">{t('profile.subtitle')}</p>
          </div>
        </div>
      </section>

      {status === 'rejected' && <VerificationRejectedCard notes={user.verificationNotes} />}
      {(status === 'pending' || status === 'unverified') && !user.isAdmin && <PendingApprovalCard />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <div className="space-y-6">
          <ProfileImageCard currentUrl={user.profileImageUrl} />
          <AccountStatusCard user={user} />
        </div>
        <PersonalInfoCard user={user} />
      </div>

      <DangerZoneCard credits={user.credits ?? 0} />
    </div>
  );
}
