import { DomainError, parseInput } from '@tip/platform';
import { loginSchema, secondFactorDueAt, type UserView } from '../domain/index.js';
import { toAccount, type UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { ownView } from './viewer.js';

/**
 * E-mail and password. An unknown e-mail, an account without a password (Google) and a wrong password answer the
 * same, after the same work, so the answer tells nothing about which e-mails are registered.
 */
export async function login(context: IdentityContext, input: { email: unknown; password: unknown }): Promise<UserView> {
  const { email, password } = parseInput(loginSchema, input);
  const user = await context.users.findByEmail(email);
  const valid = user?.passwordHash
    ? await context.passwords.verify(user.passwordHash, password)
    : await context.passwords.verifyNone(password);
  if (!user || !valid) throw new DomainError('UNAUTHENTICATED', 'identity.invalidCredentials');
  return ownView(await startSecondFactorGrace(context, user));
}

/**
 * An admin who must have a second factor and has none learns when their grace ends at their first sign-in under the
 * rule; the date then stays (README, Second factor).
 */
export async function startSecondFactorGrace(context: IdentityContext, user: UserDocument): Promise<UserDocument> {
  const { adminPolicy } = context.secondFactors;
  const account = toAccount(user);
  if (account.secondFactorDueAt !== undefined || !secondFactorDueAt(account, adminPolicy, new Date())) return user;
  return context.users.modify(user._id, (current) => {
    const dueAt = secondFactorDueAt(toAccount(current), adminPolicy, new Date());
    return { next: { ...current, secondFactorDueAt: dueAt }, events: [] };
  });
}
