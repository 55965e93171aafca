import { DomainError } from '@tip/platform';
import { usernameKey } from '../domain/index.js';
import { isReservedLookalike, usernameSkeleton } from '../infra/username-skeleton.js';
import type { UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';

/** The keys a username is stored under, each under a unique index. */
export interface UsernameKeys {
  usernameLower: string;
  usernameSkeleton: string;
}

/**
 * The keys of a username that `user` (absent for a new account) may take, or the reason it may not: another
 * member's name in another case or form ('identity.usernameTaken'), a look-alike of one
 * ('identity.usernameLookalike'), or a reserved name or a look-alike of one ('identity.usernameReserved'). Reserved
 * names are the platform's: admins may take them, and a member whose name already has that skeleton (named before
 * the rule) keeps it. The unique indexes still decide between two concurrent claims.
 */
export async function freeUsername(
  context: IdentityContext,
  username: string,
  user?: Pick<UserDocument, '_id' | 'isAdmin' | 'usernameSkeleton'>,
): Promise<UsernameKeys> {
  const keys = { usernameLower: usernameKey(username), usernameSkeleton: usernameSkeleton(username) };
  const conflict = await context.users.usernameConflict(keys, user?._id);
  if (conflict === 'taken') throw new DomainError('ALREADY_EXISTS', 'identity.usernameTaken');
  if (conflict === 'lookalike') throw new DomainError('ALREADY_EXISTS', 'identity.usernameLookalike');
  const kept = user !== undefined && (user.isAdmin || user.usernameSkeleton === keys.usernameSkeleton);
  if (!kept && isReservedLookalike(username)) {
    throw new DomainError('ALREADY_EXISTS', 'identity.usernameReserved');
  }
  return keys;
}
