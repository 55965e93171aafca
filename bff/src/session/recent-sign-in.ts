import { SESSION_MAX_AGE_SECONDS, type SessionClaims } from './session-tokens.js';

/**
 * How recent a sign-in must be to weaken the account's protection (take a second factor off, replace the recovery
 * codes): a session someone else picked up on an unattended device cannot do it once it is older than this.
 */
export const RECENT_SIGN_IN_SECONDS = 15 * 60;

/** Whether the session was started (by a full sign-in) within RECENT_SIGN_IN_SECONDS of `nowMs`. */
export function signedInRecently(claims: Pick<SessionClaims, 'exp'>, nowMs: number): boolean {
  const signedInAt = claims.exp - SESSION_MAX_AGE_SECONDS;
  return nowMs / 1000 - signedInAt <= RECENT_SIGN_IN_SECONDS;
}
