import { DomainError, parseInput } from '@tip/platform';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { isLive, TOTP_PERIOD_SECONDS, TOTP_SETUP_TTL_MS, totpConfirmSchema } from '../domain/index.js';
import { acceptedTotpStep } from '../infra/totp-codes.js';
import type { CallInfo, IdentityContext } from './context.js';
import { addSecondFactor, factorsOf, removeSecondFactor } from './second-factors.js';

export interface TotpSetup {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth://totp/Tip:<name>?secret=…&issuer=Tip */
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrSvg: string;
}

/**
 * A new secret for an authenticator app, waiting (10 minutes) for the app's first code; asking again replaces it.
 * The member's app shows codes as 'Tip (<username>)'.
 */
export async function beginTotpSetup(context: IdentityContext, userId: string): Promise<TotpSetup> {
  const secret = generateSecret();
  const expiresAt = new Date(Date.now() + TOTP_SETUP_TTL_MS).toISOString();
  const user = await context.users.modify(userId, (current) => {
    const factors = factorsOf(current);
    if (factors.totp) throw new DomainError('ALREADY_EXISTS', 'identity.totpAlreadyOn');
    return { next: { ...current, secondFactors: { ...factors, pendingTotp: { secret, expiresAt } } }, events: [] };
  });
  const { name } = context.secondFactors.relyingParty;
  const uri = generateURI({
    issuer: name,
    label: user.username ?? user.email ?? user._id,
    secret,
    period: TOTP_PERIOD_SECONDS,
  });
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 2 }) };
}

/** The app's first code turns it on (it must match the secret shown, within its 10 minutes). */
export async function confirmTotpSetup(
  context: IdentityContext,
  input: { userId: string; sessionId: string; code: unknown },
  call: CallInfo,
) {
  const { code } = parseInput(totpConfirmSchema, { code: input.code });
  const now = new Date();
  return addSecondFactor(
    context,
    input,
    (factors) => {
      const pending = factors.pendingTotp;
      if (factors.totp) throw new DomainError('ALREADY_EXISTS', 'identity.totpAlreadyOn');
      if (!isLive(pending, now)) throw new DomainError('FAILED_PRECONDITION', 'identity.totpSetupExpired');
      const step = acceptedTotpStep(pending.secret, code, now.getTime());
      if (step === null) throw new DomainError('INVALID_ARGUMENT', 'identity.secondFactorCodeInvalid');
      const { pendingTotp: _done, ...rest } = factors;
      return { ...rest, totp: { secret: pending.secret, addedAt: now.toISOString(), lastStep: step } };
    },
    call,
  );
}

export function removeTotp(context: IdentityContext, userId: string, call: CallInfo) {
  return removeSecondFactor(
    context,
    userId,
    (factors) => {
      if (!factors.totp) throw new DomainError('NOT_FOUND', 'identity.totpNotOn');
      const { totp: _removed, ...rest } = factors;
      return rest;
    },
    call,
  );
}
