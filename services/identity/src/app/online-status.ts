import { DomainError } from '@tip/platform';
import type { IdentityContext } from './context.js';

/**
 * Presence as the BFF reports it (the member's sockets, the pages' online-status calls). Not an event: it changes
 * too often, and its only caller hears in the answer whether it changed (then it tells the pages watching).
 */
export async function setOnlineStatus(
  context: IdentityContext,
  userId: string,
  isOnline: boolean,
): Promise<{ changed: boolean }> {
  const outcome = await context.users.setPresence(userId, isOnline);
  if (outcome === 'missing') throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  return { changed: outcome === 'changed' };
}
