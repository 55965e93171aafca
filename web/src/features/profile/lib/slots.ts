import type { ReactNode } from 'react';
import type { Member, User } from '@/api/types';

/**
 * What other areas show on a profile; the app composes them (app/pages/profile-screen.tsx). Each is rendered inside
 * Suspense, so it may be a lazy component.
 */
export type ProfileSlots = {
  /** The own balance and the way to buy more, beside the account's status. */
  credits: (user: User) => ReactNode;
  /** The own credits' latest movements, beside the personal details. */
  transactions: ReactNode;
  /** What the member is notified of, and where. */
  notificationSettings: ReactNode;
  /** On someone else's profile, in its header: blocking them, or lifting the block. */
  memberActions: (member: Member) => ReactNode;
  /**
   * On a profile that answers 'not found' to this viewer: lifting their block on that member. A block hides the
   * profile both ways, so the blocker who asks it again (after blocking from it) gets that answer too.
   */
  unavailableActions: (userId: string) => ReactNode;
  /** On a member's profile, for an admin: the admin's card about that account. */
  adminCard: (member: Member) => ReactNode;
};
