import { DomainError } from '@tip/platform';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT, secondFactorDueAt, unusedRecoveryCodes } from '../domain/index.js';
import { SecondFactorAdded } from '../contract/index.js';
import { hashSecret, newRecoveryCode } from '../infra/one-time-secrets.js';
import { hasSecondFactor, toAccount, type StoredSecondFactors, type UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { endOtherSessions } from './sessions.js';
import { profileUpdated } from './user-events.js';

/** What the member sees of their factors: never a secret, a key or a code. */
export interface SecondFactorsView {
  totp: boolean;
  passkeys: { id: string; name: string; addedAt: string; lastUsedAt?: string }[];
  recoveryCodesLeft: number;
}

export function factorsOf(user: UserDocument): StoredSecondFactors {
  return user.secondFactors ?? { passkeys: [], recoveryCodes: [] };
}

export function factorsView(user: UserDocument): SecondFactorsView {
  const factors = factorsOf(user);
  return {
    totp: factors.totp !== undefined,
    passkeys: factors.passkeys.map(({ id, name, addedAt, lastUsedAt }) => ({ id, name, addedAt, lastUsedAt })),
    recoveryCodesLeft: unusedRecoveryCodes(factors.recoveryCodes),
  };
}

/** Ten new codes, and what is stored of them (hashes). */
function recoveryCodes(): { codes: string[]; stored: StoredSecondFactors['recoveryCodes'] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, stored: codes.map((code) => ({ hash: hashSecret(normalizeRecoveryCode(code)) })) };
}

/**
 * Stores a factor the member just proved they hold (`add`). Every other session of theirs ends (whoever signed in with
 * the password alone must now give the second step): identity's session store ends their recorded sessions but
 * `sessionId`, the one that added it, which goes on. The first factor comes with recovery codes, returned this once.
 */
export async function addSecondFactor(
  context: IdentityContext,
  input: { userId: string; sessionId: string },
  add: (factors: StoredSecondFactors) => StoredSecondFactors,
  call: CallInfo,
): Promise<{ user: UserDocument; recoveryCodes: string[] }> {
  const { userId } = input;
  const fresh = recoveryCodes();
  let given: string[] = [];
  const user = await context.users.modify(userId, (current) => {
    const before = factorsOf(current);
    const first = !hasSecondFactor(before);
    given = first ? fresh.codes : [];
    const next: UserDocument = {
      ...current,
      secondFactors: { ...add(before), ...(first && { recoveryCodes: fresh.stored }) },
    };
    return {
      next,
      events: [SecondFactorAdded.create(userId, { userId }, call.correlationId), profileUpdated(next, call)],
    };
  });
  await endOtherSessions(context, userId, input.sessionId, call);
  return { user, recoveryCodes: given };
}

/**
 * Takes a factor away. Without any left, the recovery codes go too and signing in takes the password alone; an admin
 * where the rule requires a factor keeps their last one.
 */
export async function removeSecondFactor(
  context: IdentityContext,
  userId: string,
  remove: (factors: StoredSecondFactors) => StoredSecondFactors,
  call: CallInfo,
): Promise<UserDocument> {
  return context.users.modify(userId, (current) => {
    const remaining = remove(factorsOf(current));
    const left = hasSecondFactor(remaining);
    if (!left && current.isAdmin && context.secondFactors.adminPolicy.required) {
      throw new DomainError('FAILED_PRECONDITION', 'identity.secondFactorRequiredOfAdmins');
    }
    const next: UserDocument = { ...current, secondFactors: left ? remaining : undefined };
    return { next, events: [profileUpdated(next, call)] };
  });
}

/** New recovery codes in place of the old (all of them, used or not), shown this once. */
export async function newRecoveryCodes(context: IdentityContext, userId: string): Promise<string[]> {
  const fresh = recoveryCodes();
  await context.users.modify(userId, (current) => {
    const factors = factorsOf(current);
    if (!hasSecondFactor(factors)) throw new DomainError('FAILED_PRECONDITION', 'identity.noSecondFactor');
    return { next: { ...current, secondFactors: { ...factors, recoveryCodes: fresh.stored } }, events: [] };
  });
  return fresh.codes;
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
