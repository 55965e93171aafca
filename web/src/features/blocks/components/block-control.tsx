import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useBlockedUsers } from '../api/get-blocked-users';
import { BlockUserDialog, type BlockTarget } from './block-user-dialog';
import { UnblockUserButton } from './unblock-user-button';

/**
 * On a profile that answers 'not found' (a block hides it both ways): 'Sblocca' when the viewer blocked that member,
 * named as their blocked list names them; nothing otherwise.
 */
export function BlockedProfileControl({ userId }: { userId: string }) {
  const { data: blocked } = useBlockedUsers();
  const record = blocked?.find((item) => item.blockedUserId === userId);
  if (!record) return null;
  return <UnblockUserButton user={{ id: userId, username: record.blockedUser.username }} />;
}

/** On a member's profile: 'Blocca' (with its reason dialog) for a member not blocked yet; 'Sblocca' for one the viewer blocked. */
export function BlockControl({ member }: { member: BlockTarget }) {
  const { t } = useTranslation();
  const { data: blocked } = useBlockedUsers();
  const isBlocked = blocked?.some((record) => record.blockedUserId === member.id) ?? false;
  return (
    <div className="mt-4">
      {isBlocked ? (
        <UnblockUserButton user={member} variant="glass" />
      ) : (
        <BlockUserDialog user={member}>
          <Button variant="glass" size="sm">
            <Ban aria-hidden />
            {t('blocks.block')}
          </Button>
        </BlockUserDialog>
      )}
    </div>
  );
}
