import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import type { User } from '@/api/types';
import { normalizeStatus } from '@/components/verification-badge';
import { AccountStatusCard } from '../components/account-status-card';
import { DangerZoneCard } from '../components/danger-zone-card';
import { EmailCard } from '../components/email-card';
import { MyDataCard } from '../components/my-data-card';
import { SecurityCard } from '../components/security-card';
import { SessionsCard } from '../components/sessions-card';
import { PasswordCard } from '../components/password-card';
import { PersonalInfoCard } from '../components/personal-info-card';
import { ProfileHeader } from '../components/profile-header';
import { ProfileImageCard } from '../components/profile-image-card';
import { PublicProfile } from '../components/public-profile';
import { PendingApprovalCard, VerificationRejectedCard } from '../components/verification-cards';
import type { ProfileSlots } from '../lib/slots';

/**
 * /profile, /profile/:userId and /settings. The signed-in member's own profile and account, unless :userId names
 * someone else: then that member's public profile.
 */
export function ProfilePage(slots: ProfileSlots) {
  const { userId } = useParams();
  const { user } = useCurrentUser();
  if (!user) return null;
  if (userId && userId !== user.id) return <PublicProfile key={userId} userId={userId} slots={slots} />;
  return <OwnProfile user={user} slots={slots} />;
}

function OwnProfile({ user, slots }: { user: User; slots: ProfileSlots }) {
  const { t } = useTranslation();
  const status = normalizeStatus(user.verificationStatus);

  return (
    <div className="space-y-6">
      <ProfileHeader user={user}>
        <p className="mt-3 text-sm text-pretty text-white/70">{t('profile.subtitle')}</p>
      </ProfileHeader>

      {status === 'rejected' && <VerificationRejectedCard notes={user.verificationNotes} />}
      {(status === 'pending' || status === 'unverified') && !user.isAdmin && <PendingApprovalCard />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <div className="space-y-6">
          <ProfileImageCard currentUrl={user.profileImageUrl} />
          <AccountStatusCard user={user} />
          <Suspense fallback={null}>{slots.credits(user)}</Suspense>
        </div>
        <div className="space-y-6">
          <PersonalInfoCard user={user} />
          <Suspense fallback={null}>{slots.transactions}</Suspense>
        </div>
      </div>

      <Suspense fallback={null}>{slots.notificationSettings}</Suspense>
      <SecurityCard secondFactor={user.secondFactor} />
      {user.email && <EmailCard email={user.email} pendingEmail={user.pendingEmail} />}
      <PasswordCard />
      <SessionsCard />
      <MyDataCard />
      <DangerZoneCard credits={user.credits} />
    </div>
  );
}
