import { DomainError, parseInput, type Language } from '@tip/platform';
import {
  EMAIL_CODE_MAX_FAILURES,
  EMAIL_CONFIRMATION_TTL_MS,
  emailConfirmationSchema,
  isLive,
  type UserView,
} from '../domain/index.js';
import { hashSecret, matchesSecret, newCode, newToken } from '../infra/one-time-secrets.js';
import type { PendingEmailConfirmation, UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { linkTo, queueMail } from './queue-mail.js';
import { EmailConfirmed } from '../contract/index.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** The web app's page that confirms with the link's token. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** A fresh code and link (replacing any earlier pair), as stored and as mailed. */
export function newEmailConfirmation(now = new Date()): {
  pending: PendingEmailConfirmation;
  code: string;
  token: string;
} {
  const code = newCode();
  const token = newToken();
  return {
    code,
    token,
    pending: {
      codeHash: hashSecret(code),
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
      failures: 0,
    },
  };
}

/** Queues the mail with the code and the link to confirm the member's address. */
export function mailEmailConfirmation(
  context: IdentityContext,
  user: UserDocument,
  secrets: { code: string; token: string },
): Promise<void> {
  return queueMail(context, user, (username) => ({
    kind: 'emailConfirmation',
    username,
    code: secrets.code,
    link: linkTo(context, CONFIRM_EMAIL_PATH, secrets.token),
  }));
}

const invalid = () => new DomainError('INVALID_ARGUMENT', 'identity.confirmationInvalid');

/**
 * Confirms the address with the signed-in member's code or with the link's token, once: the pending confirmation
 * goes as it succeeds. A wrong code counts; at EMAIL_CODE_MAX_FAILURES the confirmation is void and a new one must
 * be asked for. An expired, used or unknown code or token gets the same answer.
 */
export async function confirmEmail(
  context: IdentityContext,
  input: { userId: string; code: unknown; token: unknown },
  call: CallInfo,
): Promise<UserView> {
  const { code, token } = parseInput(emailConfirmationSchema, {
    code: input.code || undefined,
    token: input.token || undefined,
  });
  const now = new Date();
  const owner = token
    ? await context.users.findByTokenHash('emailConfirmation', hashSecret(token))
    : input.userId
      ? await context.users.findById(input.userId)
      : null;
  if (!owner) throw invalid();
  let wrongCode = false;
  const confirmed = await context.users.modify(owner._id, (current) => {
    const pending = current.emailConfirmation;
    if (!isLive(pending, now) || pending.failures >= EMAIL_CODE_MAX_FAILURES) throw invalid();
    const matches = token ? matchesSecret(token, pending.tokenHash) : matchesSecret(code ?? '', pending.codeHash);
    wrongCode = !matches;
    if (!matches)
      return { next: { ...current, emailConfirmation: { ...pending, failures: pending.failures + 1 } }, events: [] };
    const next: UserDocument = { ...current, emailConfirmation: undefined, emailConfirmedAt: now.toISOString() };
    return {
      next,
      events: [
        EmailConfirmed.create(current._id, { userId: current._id }, call.correlationId),
        profileUpdated(next, call),
      ],
    };
  });
  if (wrongCode) throw invalid();
  return ownView(confirmed);
}

/** A new code and link for a member whose address is not confirmed yet (the earlier ones stop counting). */
export async function resendEmailConfirmation(
  context: IdentityContext,
  input: { userId: string; language: Language },
): Promise<void> {
  const secrets = newEmailConfirmation();
  const user = await context.users.modify(input.userId, (current) => {
    if (current.emailConfirmedAt) throw new DomainError('FAILED_PRECONDITION', 'identity.emailAlreadyConfirmed');
    if (!current.email) throw new DomainError('FAILED_PRECONDITION', 'identity.profileSetupRequired');
    return { next: { ...current, emailConfirmation: secrets.pending, language: input.language }, events: [] };
  });
  await mailEmailConfirmation(context, user, secrets);
}
