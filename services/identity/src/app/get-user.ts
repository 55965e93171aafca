import { DomainError } from '@tip/platform';
import { viewUser, type UserView } from '../domain/index.js';
import { toAccount } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { resolveViewer } from './viewer.js';

/**
 * A user as the viewer may see it. A deleted user is GONE ('Utente eliminato': their conversations say so), one that
 * never existed NOT_FOUND. Blocking is mutual: to a member who blocked the user or was blocked by them, the user
 * answers exactly as one who never existed, so that the profile gives away neither the member nor the block (admins
 * still see everyone).
 */
export async function getUser(context: IdentityContext, userId: string, viewerId: string): Promise<UserView> {
  const user = userId ? await context.users.findById(userId) : null;
  if (!user) {
    if (userId && (await context.users.wasDeleted(userId))) throw new DomainError('GONE', 'identity.userDeleted');
    throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  }
  const viewer = viewerId === userId ? { id: user._id, isAdmin: user.isAdmin } : await resolveViewer(context, viewerId);
  if (viewer && viewer.id !== user._id && !viewer.isAdmin && (await blockedEitherWay(context, viewer.id, user._id))) {
    throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  }
  return viewUser(toAccount(user), viewer);
}

async function blockedEitherWay(context: IdentityContext, a: string, b: string): Promise<boolean> {
  const [one, other] = await Promise.all([context.blocks.find(a, b), context.blocks.find(b, a)]);
  return one !== null || other !== null;
}
