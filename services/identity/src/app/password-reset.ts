import { DomainError, parseInput, type Language } from '@tip/platform';
import {
  isLive,
  PASSWORD_RESET_TTL_MS,
  passwordForgotSchema,
  passwordResetSchema,
  type UserView,
} from '../domain/index.js';
import { PasswordReset } from '../contract/index.js';
import { hashSecret, matchesSecret, newToken } from '../infra/one-time-secrets.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { linkTo, queueMail } from './queue-mail.js';
import { endOtherSessions } from './sessions.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** The web app's page that takes the reset link's token and asks for the new password. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Sends a reset link to the address if a member has it. The answer is the same, and comes after the same work (one
 * lookup), for an address nobody has: the link is made, stored and queued after the answer, so neither the reply
 * nor its timing says whether the address is known. A new link replaces the last.
 */
export async function requestPasswordReset(
  context: IdentityContext,
  input: { email: unknown; language: Language },
): Promise<void> {
  const { email } = parseInput(passwordForgotSchema, { email: input.email });
  const user = await context.users.findByEmail(email);
  if (!user) return;
  // Well after the reply: the embedded store writes synchronously (SQLite), and the BFF may share the process, so
  // the link issued in the reply's wake delayed a known address's answer alone (the security suite's timing test saw
  // it 1 to 4 ms slower). Later, its work falls on whichever request is then under way.
  setTimeout(() => {
    issueReset(context, user._id, input.language).catch((error: unknown) => {
      context.logger.error({ err: error, userId: user._id }, 'could not issue a password reset');
    });
  }, ISSUE_AFTER_MS);
}

/** How long after its answer a reset link is made, stored and queued. */
const ISSUE_AFTER_MS = 100;

async function issueReset(context: IdentityContext, userId: string, language: Language): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS).toISOString();
  const user = await context.users.modify(userId, (current) => ({
    next: { ...current, passwordReset: { tokenHash: hashSecret(token), expiresAt }, language },
    events: [],
  }));
  await queueMail(context, user, (username) => ({
    kind: 'passwordReset',
    username,
    link: linkTo(context, RESET_PASSWORD_PATH, token),
  }));
}

const invalid = () => new DomainError('INVALID_ARGUMENT', 'identity.resetLinkInvalid');

/**
 * A new password with the link's token, once and within 30 minutes. It ends every session the member had (their
 * session generation goes up), and confirms the address, which the link reached.
 */
export async function resetPassword(
  context: IdentityContext,
  input: { token: unknown; password: unknown },
  call: CallInfo,
): Promise<UserView> {
  const { token, password } = parseInput(passwordResetSchema, input);
  const owner = await context.users.findByTokenHash('passwordReset', hashSecret(token));
  if (!owner) throw invalid();
  const passwordHash = await context.passwords.hash(password);
  const now = new Date();
  const user = await context.users.modify(owner._id, (current) => {
    const pending = current.passwordReset;
    if (!isLive(pending, now) || !matchesSecret(token, pending.tokenHash)) throw invalid();
    const next: UserDocument = {
      ...current,
      passwordHash,
      passwordReset: undefined,
      sessionGeneration: (current.sessionGeneration ?? 0) + 1,
      emailConfirmedAt: current.emailConfirmedAt ?? now.toISOString(),
      emailConfirmation: undefined,
    };
    return {
      next,
      events: [
        PasswordReset.create(current._id, { userId: current._id }, call.correlationId),
        profileUpdated(next, call),
      ],
    };
  });
  // The browser that reset is signed in afresh by the BFF; every session recorded before is over.
  await endOtherSessions(context, user._id, '', call);
  return ownView(user);
}
