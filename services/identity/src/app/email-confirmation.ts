import { DomainError, parseInput, type Language } from '@tip/platform';
import {
  BRAND,
  confirmedAddress,
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

/** A confirmation's secrets as mailed: a 6-digit code and a link's token. */
export interface ConfirmationSecrets {
  code: string;
  token: string;
}

export function newConfirmationSecrets(): ConfirmationSecrets {
  return { code: newCode(), token: newToken() };
}

/** How `secrets` are stored (hashes only, replacing any earlier pair), for the member's address or `newEmail`. */
export function pendingConfirmation(
  secrets: ConfirmationSecrets,
  newEmail?: string,
  now = new Date(),
): PendingEmailConfirmation {
  return {
    codeHash: hashSecret(secrets.code),
    tokenHash: hashSecret(secrets.token),
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
    failures: 0,
    ...(newEmail === undefined ? {} : { newEmail }),
  };
}

/**
 * Queues the mail with the code and the link to confirm the address waiting: the member's own, or the new one of a
 * change they asked for (to that address, saying so).
 */
export function mailEmailConfirmation(
  context: IdentityContext,
  user: UserDocument,
  secrets: ConfirmationSecrets,
): Promise<void> {
  const newEmail = user.emailConfirmation?.newEmail;
  return queueMail(
    context,
    user,
    (username) => ({
      kind: newEmail ? 'emailChangeConfirmation' : 'emailConfirmation',
      username,
      code: secrets.code,
      link: linkTo(context, CONFIRM_EMAIL_PATH, secrets.token),
    }),
    newEmail ?? user.email,
  );
}

const invalid = () => new DomainError('INVALID_ARGUMENT', 'identity.confirmationInvalid');

/**
 * Confirms the address with the signed-in member's code or with the link's token, once: the pending confirmation
 * goes as it succeeds. A wrong code counts; at EMAIL_CODE_MAX_FAILURES the confirmation is void and a new one must
 * be asked for. An expired, used or unknown code or token gets the same answer. A change's new address becomes the
 * account's (refused as taken should another account have got it meanwhile), and the old address is told.
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
  let previous: string | undefined;
  const confirmed = await context.users.modify(owner._id, (current) => {
    const pending = current.emailConfirmation;
    if (!isLive(pending, now) || pending.failures >= EMAIL_CODE_MAX_FAILURES) throw invalid();
    const matches = token ? matchesSecret(token, pending.tokenHash) : matchesSecret(code ?? '', pending.codeHash);
    wrongCode = !matches;
    if (!matches)
      return { next: { ...current, emailConfirmation: { ...pending, failures: pending.failures + 1 } }, events: [] };
    const address = confirmedAddress(current, pending);
    previous = address.previous;
    const next: UserDocument = {
      ...current,
      email: address.email,
      emailConfirmation: undefined,
      emailConfirmedAt: now.toISOString(),
    };
    return {
      next,
      events: [
        EmailConfirmed.create(current._id, { userId: current._id }, call.correlationId),
        profileUpdated(next, call),
      ],
    };
  });
  if (wrongCode) throw invalid();
  if (previous) await mailEmailChanged(context, confirmed, previous);
  return ownView(confirmed);
}

/** Tells the address a change left that it is no longer the account's, and where to get help if that was not them. */
function mailEmailChanged(context: IdentityContext, user: UserDocument, previous: string): Promise<void> {
  return queueMail(
    context,
    user,
    (username) => ({ kind: 'emailChanged', username, link: `mailto:${BRAND.supportEmail}` }),
    previous,
  );
}

/**
 * A new code and link (the earlier ones stop counting) for the change of address the member asked for, or else for
 * their own address while it is not confirmed.
 */
export async function resendEmailConfirmation(
  context: IdentityContext,
  input: { userId: string; language: Language },
): Promise<void> {
  const secrets = newConfirmationSecrets();
  const user = await context.users.modify(input.userId, (current) => {
    const newEmail = current.emailConfirmation?.newEmail;
    if (!newEmail && current.emailConfirmedAt) {
      throw new DomainError('FAILED_PRECONDITION', 'identity.emailAlreadyConfirmed');
    }
    if (!current.email) throw new DomainError('FAILED_PRECONDITION', 'identity.profileSetupRequired');
    return {
      next: { ...current, emailConfirmation: pendingConfirmation(secrets, newEmail), language: input.language },
      events: [],
    };
  });
  await mailEmailConfirmation(context, user, secrets);
}
