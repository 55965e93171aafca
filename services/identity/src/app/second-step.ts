import { DomainError, parseInput } from '@tip/platform';
import {
  afterFailure,
  mayTrySecondFactor,
  normalizeRecoveryCode,
  secondStepSchema,
  unusedRecoveryCodes,
  useRecoveryCode,
  type UserView,
} from '../domain/index.js';
import { acceptedTotpStep } from '../infra/totp-codes.js';
import { matchesSecret } from '../infra/one-time-secrets.js';
import { hasSecondFactor, type StoredSecondFactors, type UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { ownPasskeysSignIn } from './passkeys.js';
import { factorsOf } from './second-factors.js';
import { ownView } from './viewer.js';

/** Which steps the member can give, and their passkeys' sign-in options (JSON) when they have one. */
export interface SecondStepStart {
  totp: boolean;
  passkey: boolean;
  recoveryCode: boolean;
  passkeyOptionsJson: string;
}

/**
 * The second step begins, once the password (or Google) was right: which steps the member can give, and the sign-in
 * options of their passkeys when they have one, from one read (a passkey's challenge is signed, not stored), so that
 * the browser asks for no options of its own before the device signs.
 */
export async function beginSecondStep(context: IdentityContext, userId: string): Promise<SecondStepStart> {
  const factors = factorsOf(await context.users.get(userId));
  if (!hasSecondFactor(factors)) throw new DomainError('FAILED_PRECONDITION', 'identity.noSecondFactor');
  const passkey = factors.passkeys.length > 0;
  return {
    totp: factors.totp !== undefined,
    passkey,
    recoveryCode: unusedRecoveryCodes(factors.recoveryCodes) > 0,
    passkeyOptionsJson: passkey ? await ownPasskeysSignIn(context, userId, factors.passkeys) : '',
  };
}

type Outcome = 'accepted' | 'refused' | 'tooMany';

/** The factors after `code` was tried: the code used (its step, or the recovery code spent), or a failure counted. */
function tryCode(
  factors: StoredSecondFactors,
  code: string,
  now: Date,
): { factors: StoredSecondFactors; outcome: Outcome } {
  if (!mayTrySecondFactor(factors.failures, now)) return { factors, outcome: 'tooMany' };
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = factors.totp && acceptedTotpStep(factors.totp.secret, digits, now.getTime(), factors.totp.lastStep);
    if (factors.totp && typeof step === 'number') {
      return {
        factors: { ...factors, totp: { ...factors.totp, lastStep: step }, failures: undefined },
        outcome: 'accepted',
      };
    }
  } else {
    const candidate = normalizeRecoveryCode(code);
    const codes = useRecoveryCode(factors.recoveryCodes, (hash) => matchesSecret(candidate, hash), now);
    if (codes) return { factors: { ...factors, recoveryCodes: codes, failures: undefined }, outcome: 'accepted' };
  }
  return { factors: { ...factors, failures: afterFailure(factors.failures, now) }, outcome: 'refused' };
}

/**
 * The sign-in's step after the password: an authenticator app's code (once: an earlier or the same one is refused
 * after it) or an unused recovery code (spent). After SECOND_FACTOR_MAX_FAILURES wrong codes in 15 minutes every code
 * is refused until the window passes, so six digits cannot be guessed.
 */
export async function verifySecondStep(
  context: IdentityContext,
  input: { userId: string; code: unknown },
): Promise<UserView> {
  const { code } = parseInput(secondStepSchema, { code: input.code });
  const now = new Date();
  let outcome = 'refused' as Outcome;
  const user = await context.users.modify(input.userId, (current): { next: UserDocument; events: [] } => {
    const factors = factorsOf(current);
    if (!hasSecondFactor(factors)) throw new DomainError('FAILED_PRECONDITION', 'identity.noSecondFactor');
    const tried = tryCode(factors, code, now);
    outcome = tried.outcome;
    return { next: { ...current, secondFactors: tried.factors }, events: [] };
  });
  if (outcome === 'tooMany') throw new DomainError('RESOURCE_EXHAUSTED', 'identity.secondFactorTooManyAttempts');
  if (outcome === 'refused') throw new DomainError('UNAUTHENTICATED', 'identity.secondFactorCodeInvalid');
  return ownView(user);
}
