import { DomainError, parseInput } from '@tip/platform';
import { loginSchema, type UserView } from '../domain/index.js';
import type { IdentityContext } from './context.js';
import { startSecondFactorGrace } from './second-factors.js';
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
