import type { User } from '@/api/types';
import { mayInteract } from '@/lib/permissions';

/**
 * Who may open the messages screen: approved members and admins, and members whose photo an admin has still to
 * look at (they read, with the input disabled: 'Account in attesa di approvazione...'). Unverified and rejected
 * members see that their account must be approved.
 */
export const mayOpenMessages = (user: User) => mayInteract(user) || user.verificationStatus === 'pending';

/** Approved members and admins write (docs/product.md#private-messages). */
export const mayWrite = mayInteract;
