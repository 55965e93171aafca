import { DomainError, parseInput } from '@tip/platform';
import { passwordChangeSchema, type UserView } from '../domain/index.js';
import type { CallInfo, IdentityContext } from './context.js';
import { endOtherSessions } from './sessions.js';
import { ownView } from './viewer.js';

/**
 * A new password for the signed-in member, given their current one: every other session of theirs ends (its ids are
 * answered, for the BFF to refuse them at once); `sessionId`, the one asking, goes on.
 */
export async function changePassword(
  context: IdentityContext,
  input: { userId: string; sessionId: string; currentPassword: unknown; newPassword: unknown },
  call: CallInfo,
): Promise<{ user: UserView; endedSessionIds: string[] }> {
  const { currentPassword, newPassword } = parseInput(passwordChangeSchema, input);
  const user = await context.users.get(input.userId);
  if (!user.passwordHash) throw new DomainError('FAILED_PRECONDITION', 'identity.noPasswordToChange');
  if (!(await context.passwords.verify(user.passwordHash, currentPassword))) {
    throw new DomainError('INVALID_ARGUMENT', 'identity.currentPasswordWrong');
  }
  const passwordHash = await context.passwords.hash(newPassword);
  const changed = await context.users.modify(user._id, (current) => ({
    next: { ...current, passwordHash },
    events: [],
  }));
  const endedSessionIds = await endOtherSessions(context, user._id, input.sessionId, call);
  return { user: ownView(changed), endedSessionIds };
}
