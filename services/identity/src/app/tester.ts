import { DomainError } from '@tip/platform';
import { TesterFlagChanged } from '../contract/index.js';
import type { UserView } from '../domain/index.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** An admin sets a member's tester flag; admins have none (their console hides the control). */
export async function setTester(
  context: IdentityContext,
  input: { userId: string; isTester: boolean; adminId: string },
  call: CallInfo,
): Promise<UserView> {
  const updated = await context.users.modify(input.userId, (current) => {
    if (current.isAdmin) throw new DomainError('FAILED_PRECONDITION', 'identity.adminNoTester');
    const next: UserDocument = { ...current, isTester: input.isTester };
    const changed = TesterFlagChanged.create(
      current._id,
      { userId: current._id, isTester: input.isTester, adminId: input.adminId },
      call.correlationId,
    );
    return { next, events: [changed, profileUpdated(next, call)] };
  });
  return ownView(updated);
}
