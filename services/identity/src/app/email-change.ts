import { DomainError, parseInput, type Language } from '@tip/platform';
import { emailChangeRefusal, emailChangeSchema, type UserView } from '../domain/index.js';
import type { CallInfo, IdentityContext } from './context.js';
import { mailEmailConfirmation, newConfirmationSecrets, pendingConfirmation } from './email-confirmation.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/**
 * The signed-in member asks for a new address, given their current password: a code and a link go to it (the
 * registration's confirmation, replacing any earlier one), and ConfirmEmail makes it the account's. Until then the
 * account keeps its address, to sign in and to receive mail. An address another account holds is refused with
 * registration's own words, and only once the password is right, so the route says no more than registration does.
 */
export async function requestEmailChange(
  context: IdentityContext,
  input: { userId: string; newEmail: unknown; currentPassword: unknown; language: Language },
  call: CallInfo,
): Promise<UserView> {
  const { newEmail, currentPassword } = parseInput(emailChangeSchema, input);
  const user = await context.users.get(input.userId);
  const refusal = emailChangeRefusal({ email: user.email, hasPassword: user.passwordHash !== undefined }, newEmail);
  if (refusal) throw new DomainError('FAILED_PRECONDITION', refusal);
  if (!user.passwordHash || !(await context.passwords.verify(user.passwordHash, currentPassword))) {
    throw new DomainError('INVALID_ARGUMENT', 'identity.currentPasswordWrong');
  }
  if (await context.users.emailTaken(newEmail)) throw new DomainError('ALREADY_EXISTS', 'identity.emailTaken');
  const secrets = newConfirmationSecrets();
  const asked = await context.users.modify(user._id, (current) => {
    const next = { ...current, emailConfirmation: pendingConfirmation(secrets, newEmail), language: input.language };
    return { next, events: [profileUpdated(next, call)] };
  });
  await mailEmailConfirmation(context, asked, secrets);
  return ownView(asked);
}

/** Drops the change of address waiting: its code and link stop counting, and the account keeps its address. */
export async function cancelEmailChange(context: IdentityContext, userId: string, call: CallInfo): Promise<UserView> {
  const user = await context.users.modify(userId, (current) => {
    if (!current.emailConfirmation?.newEmail) {
      throw new DomainError('FAILED_PRECONDITION', 'identity.noEmailChangePending');
    }
    const next = { ...current, emailConfirmation: undefined };
    return { next, events: [profileUpdated(next, call)] };
  });
  return ownView(user);
}
