import { DomainError } from '@tip/platform';
import type { IdentityContext } from './context.js';

/** Presence as the client reports it (entering the feed, leaving the page). Not an event: it changes too often. */
export async function setOnlineStatus(context: IdentityContext, userId: string, isOnline: boolean): Promise<void> {
  if (!(await context.users.setPresence(userId, isOnline))) {
    throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  }
}
