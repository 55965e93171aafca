import { verifySync } from 'otplib';
import { TOTP_PERIOD_SECONDS, TOTP_TOLERANCE_PERIODS } from '../domain/index.js';

/**
 * The time step a TOTP code belongs to, when it is one of `secret`'s within the window around `nowMs` and later than
 * `lastStep` (the step of the last code taken): a code works once, even within its 30 seconds. Null otherwise.
 */
export function acceptedTotpStep(secret: string, code: string, nowMs: number, lastStep?: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS * TOTP_TOLERANCE_PERIODS,
    ...(lastStep !== undefined && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
