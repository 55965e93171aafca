import { lazy } from 'react';
import { AdminMemberCard } from '@/features/admin';
import { BlockControl, BlockedProfileControl } from '@/features/blocks';
import { NotificationSettings } from '@/features/notifications';
import { lazyProfilePage } from '@/features/profile';
import { CreditsCard, TransactionsCard } from '@/features/wallet';

const ProfilePage = lazy(() => lazyProfilePage().then((module) => ({ default: module.Component })));

/**
 * /profile, /profile/:userId and /settings: the profile area's page, with what other areas add to it (the wallet's
 * cards, the notification settings, blocking, the admin's card). Each comes in a chunk of its own.
 */
export function ProfileScreen() {
  return (
    <ProfilePage
      credits={(user) => <CreditsCard user={user} />}
      transactions={<TransactionsCard />}
      notificationSettings={<NotificationSettings />}
      memberActions={(member) => <BlockControl member={member} />}
      unavailableActions={(userId) => <BlockedProfileControl userId={userId} />}
      adminCard={(member) => <AdminMemberCard member={member} />}
    />
  );
}
