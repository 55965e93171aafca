import { z } from 'zod';

/** An authenticator app's codes: 6 digits, a new one every 30 seconds (what every app does by default). */
export const TOTP_PERIOD_SECONDS = 30;
/**
 * Codes one period either side of now are taken too: a phone's clock a little off, or a code typed as it changed.
 * A wider window gives a guesser more codes that count at once.
 */
export const TOTP_TOLERANCE_PERIODS = 1;
/** A TOTP set-up waits this long for its first code; a passkey's challenge for its answer. */
export const TOTP_SETUP_TTL_MS = 10 * 60_000;
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** One-time recovery codes, shown once when the first factor is added (or new ones asked for). */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (TOTP or recovery) a member may type within a window before the next are refused until it passes. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_FAILURE_WINDOW_MS = 15 * 60_000;
/** A member holds at most this many passkeys. */
export const MAX_PASSKEYS = 10;

/** A recovery code as stored: its hash, and when it was used (a used code never works again). */
export interface RecoveryCode {
  hash: string;
  usedAt?: string;
}

/**
 * The codes after using the one whose hash is `hash`, or null when no unused code has it. `matches` compares a
 * stored hash with the candidate's in constant time.
 */
export function useRecoveryCode(
  codes: readonly RecoveryCode[],
  matches: (storedHash: string) => boolean,
  now: Date,
): RecoveryCode[] | null {
  const index = codes.findIndex((code) => code.usedAt === undefined && matches(code.hash));
  if (index < 0) return null;
  return codes.map((code, at) => (at === index ? { ...code, usedAt: now.toISOString() } : code));
}

export function unusedRecoveryCodes(codes: readonly RecoveryCode[]): number {
  return codes.filter((code) => code.usedAt === undefined).length;
}

/** Recovery codes are written in groups of four letters and digits; typed with or without the dashes, in any case. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Wrong second-factor codes since `since`; the window restarts with the first failure after it ends. */
export interface SecondFactorFailures {
  count: number;
  since: string;
}

function liveFailures(failures: SecondFactorFailures | undefined, now: Date): SecondFactorFailures | undefined {
  if (!failures) return undefined;
  return now.getTime() - Date.parse(failures.since) < SECOND_FACTOR_FAILURE_WINDOW_MS ? failures : undefined;
}

/** Whether another code may be tried now: fewer than SECOND_FACTOR_MAX_FAILURES wrong ones in the window. */
export function mayTrySecondFactor(failures: SecondFactorFailures | undefined, now: Date): boolean {
  return (liveFailures(failures, now)?.count ?? 0) < SECOND_FACTOR_MAX_FAILURES;
}

/** The failures after one more wrong code at `now`. */
export function afterFailure(failures: SecondFactorFailures | undefined, now: Date): SecondFactorFailures {
  const live = liveFailures(failures, now);
  return live ? { count: live.count + 1, since: live.since } : { count: 1, since: now.toISOString() };
}

/** Whether admins must have a second factor (ADMIN_SECOND_FACTOR), and how long a new admin has to add one. */
export interface AdminSecondFactorPolicy {
  required: boolean;
  graceMs: number;
}

/**
 * When an admin without a second factor must have one: the grace runs from their first sign-in under the rule
 * (`dueAt`, once set, stays). Undefined when the rule does not apply to them.
 */
export function secondFactorDueAt(
  user: { isAdmin: boolean; secondFactor: boolean; secondFactorDueAt?: string },
  policy: AdminSecondFactorPolicy,
  now: Date,
): string | undefined {
  if (!policy.required || !user.isAdmin || user.secondFactor) return undefined;
  return user.secondFactorDueAt ?? new Date(now.getTime() + policy.graceMs).toISOString();
}

/** Whether the member may do nothing but add a second factor: an admin past their grace without one. */
export function secondFactorSetupOverdue(
  user: { isAdmin: boolean; secondFactor: boolean; secondFactorDueAt?: string },
  now: Date,
): boolean {
  return (
    user.isAdmin &&
    !user.secondFactor &&
    user.secondFactorDueAt !== undefined &&
    Date.parse(user.secondFactorDueAt) <= now.getTime()
  );
}

/** The 6 digits of an authenticator app. */
export const totpCodeField = z
  .string({ error: 'validation.totpCodeFormat' })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation.totpCodeFormat'));

/** The sign-in's second step: an app's 6 digits or a recovery code (16 letters and digits, dashes allowed). */
export const secondStepSchema = z.object({
  code: z
    .string({ error: 'validation.secondStepCodeFormat' })
    .transform((code) => code.trim())
    .pipe(z.string().regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3})$/, 'validation.secondStepCodeFormat')),
});

/** The app's first code, which turns TOTP on. */
export const totpConfirmSchema = z.object({ code: totpCodeField });

/** What a member calls a passkey ("iPhone", "YubiKey"), so that they know which to remove. */
export const passkeyNameField = z
  .string({ error: 'validation.passkeyName' })
  .trim()
  .min(1, 'validation.passkeyName')
  .max(60, 'validation.passkeyName');

/** The security page's form for a new passkey: its name (the browser's answer comes with it). */
export const passkeyFormSchema = z.object({ name: passkeyNameField });

/** A passkey challenge answered: its nonce, kept until the challenge would have expired anyway. */
export interface UsedChallenge {
  nonce: string;
  expiresAt: string;
}

/** The used challenges after taking `use` (expired ones dropped), or null when it was taken already. */
export function takeChallenge(
  used: readonly UsedChallenge[] | undefined,
  use: UsedChallenge,
  now: Date,
): UsedChallenge[] | null {
  const live = (used ?? []).filter((taken) => Date.parse(taken.expiresAt) > now.getTime());
  if (live.some((taken) => taken.nonce === use.nonce)) return null;
  return [...live, use];
}
