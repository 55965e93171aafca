import { DomainError } from '@tip/platform';
import { PERSONAL_FIELDS, type UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { userDeleted } from './user-events.js';

/**
 * Erases the account: its photos first (so that a failure leaves an account to delete again, rather than files
 * nobody can reach), then every personal field. What stays is a tombstone carrying UserDeleted in its outbox; the
 * username and e-mail are free again. Admin accounts cannot be deleted. `adminId` names the admin who deleted it.
 */
export async function deleteAccount(
  context: IdentityContext,
  userId: string,
  call: CallInfo,
  adminId?: string,
): Promise<void> {
  const user = await context.users.get(userId);
  if (user.isAdmin) throw new DomainError('PERMISSION_DENIED', 'identity.adminCannotBeDeleted');
  await context.photos.eraseAll(userId);
  // A mail not sent yet, and the embedded default's files of those sent, carry the address: they go with the account.
  await context.mail.queue.forget(userId);
  await context.mail.transport.forget(userId);
  // Its sessions and the devices it signed in from (every BFF refuses a deleted member's sessions anyway).
  await context.sessions.forget(userId);
  const deletedAt = new Date().toISOString();
  await context.users.modify(userId, (current) => {
    if (current.isAdmin) throw new DomainError('PERMISSION_DENIED', 'identity.adminCannotBeDeleted');
    const next: UserDocument = {
      ...current,
      ...Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, undefined])),
      verificationStatus: 'unverified',
      isAdmin: false,
      isTester: false,
      isOnline: false,
      needsProfileSetup: false,
      deleted: true,
      deletedAt,
    };
    return { next, events: [userDeleted(userId, deletedAt, call, adminId)] };
  });
  // A photo stored while the account was being deleted. The account is gone now, so a failure can only be logged.
  await context.photos.eraseAll(userId).catch((error: unknown) => {
    context.logger.warn({ err: error, userId }, 'could not erase the photos of a deleted account');
  });
}
