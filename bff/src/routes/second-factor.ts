import { DomainError, parseInput } from '@tip/platform';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { IdentityUserOutput } from '@tip/identity/contract';
import { passkeyFormSchema, secondStepSchema, totpConfirmSchema } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import {
  passkeyOptionsSchema,
  recoveryCodesSchema,
  secondFactorAddedSchema,
  secondFactorsSchema,
  totpSetupSchema,
  userResultSchema,
  type SecondFactors,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { signedInRecently } from '../session/recent-sign-in.js';
import { SecondSteps } from '../session/second-step.js';
import { ownUserJson } from '../user-view.js';

/** A browser's WebAuthn answer, passed to identity as it came (identity checks it whole). */
const passkeyAnswerSchema = z.object({ response: z.record(z.string(), z.unknown()) });
const passkeyRegistrationSchema = passkeyAnswerSchema.extend(passkeyFormSchema.shape);

interface ProtoFactors {
  totp: boolean;
  passkeys: { id: string; name: string; addedAt: string; lastUsedAt: string }[];
  recoveryCodesLeft: number;
}

const factorsJson = (factors: ProtoFactors | null): SecondFactors => ({
  totp: factors?.totp ?? false,
  passkeys: (factors?.passkeys ?? []).map((passkey) => ({ ...passkey, lastUsedAt: passkey.lastUsedAt || null })),
  recoveryCodesLeft: factors?.recoveryCodesLeft ?? 0,
});

const optionsJson = (json: string) => ({ options: JSON.parse(json) as Record<string, unknown> });

/**
 * The second factor (README, Second factor): the sign-in's second step after the password, signing in with a passkey
 * alone, and the security page's set-up of an authenticator app, passkeys and recovery codes. Identity holds the
 * factors and checks every code and answer; the BFF holds the half-done sign-in (a 5-minute cookie) and the session.
 */
export function secondFactorRoutes(context: BffContext): Router {
  const { identity, sessions, users, balances, limits, say } = context;
  const secondSteps = new SecondSteps(context.config.SESSION_SECRET);
  const router = Router();
  // An admin past their grace reaches these (and nothing else): they are how the grace ends.
  const signedIn = requireSession(sessions, { secondFactorSetup: true });
  const account = writeLimit(limits, 'account');
  // Taking a factor off or replacing the recovery codes weakens the account: only soon after a full sign-in.
  const recentSignIn: RequestHandler = (_req, res, next) =>
    next(
      signedInRecently(sessionOf(res).claims, Date.now())
        ? undefined
        : new DomainError('PERMISSION_DENIED', 'identity.recentSignInRequired'),
    );

  /** Signs this browser in as the member who gave the second step (or a passkey alone), ending the half-done sign-in. */
  async function signIn(req: Request, res: Response, user: IdentityUserOutput): Promise<void> {
    users.remember(user);
    res.append('Set-Cookie', [secondSteps.end(sessions.secure(req)), ...(await sessions.start(user, req))]);
    respond(res, userResultSchema, {
      success: true,
      message: say(req, 'identity.loggedIn'),
      user: await ownUserJson(balances, user),
    });
  }

  function pendingMember(req: Request): string {
    const userId = secondSteps.pending(req.headers.cookie);
    if (!userId) throw new DomainError('UNAUTHENTICATED', 'identity.secondStepExpired');
    return userId;
  }

  router.post(
    '/api/auth/second-step',
    handle(async (req, res) => {
      const { code } = parseInput(secondStepSchema, req.body);
      // Counted with the address's logins; identity counts the member's wrong codes.
      await limits.secretAttempt(req.ip ?? '');
      await signIn(req, res, await identity.VerifySecondStep({ userId: pendingMember(req), code }));
    }),
  );

  router.post(
    '/api/auth/second-step/passkey/options',
    handle(async (req, res) => {
      await limits.secretAttempt(req.ip ?? '');
      const { optionsJson: json } = await identity.BeginPasskeySignIn({ userId: pendingMember(req) });
      respond(res, passkeyOptionsSchema, optionsJson(json));
    }),
  );

  router.post(
    '/api/auth/second-step/passkey',
    handle(async (req, res) => {
      const { response } = parseInput(passkeyAnswerSchema, req.body);
      await limits.secretAttempt(req.ip ?? '');
      const userId = pendingMember(req);
      await signIn(req, res, await identity.FinishPasskeySignIn({ userId, responseJson: JSON.stringify(response) }));
    }),
  );

  // A passkey alone ('Accedi con una passkey'): the device says whose it is.
  router.post(
    '/api/auth/passkey/options',
    handle(async (req, res) => {
      await limits.secretAttempt(req.ip ?? '');
      respond(res, passkeyOptionsSchema, optionsJson((await identity.BeginPasskeySignIn({ userId: '' })).optionsJson));
    }),
  );

  router.post(
    '/api/auth/passkey',
    handle(async (req, res) => {
      const { response } = parseInput(passkeyAnswerSchema, req.body);
      await limits.secretAttempt(req.ip ?? '');
      await signIn(
        req,
        res,
        await identity.FinishPasskeySignIn({ userId: '', responseJson: JSON.stringify(response) }),
      );
    }),
  );

  router.get(
    '/api/auth/second-factors',
    signedIn,
    handle(async (_req, res) => {
      respond(
        res,
        secondFactorsSchema,
        factorsJson(await identity.GetSecondFactors({ userId: sessionOf(res).user.id })),
      );
    }),
  );

  /**
   * A factor added: identity ended the member's other sessions (its session store's SessionEnded reaches every
   * replica); this one goes on.
   */
  async function factorAdded(
    req: Request,
    res: Response,
    added: { user: IdentityUserOutput | null; recoveryCodes: string[]; factors: ProtoFactors | null },
  ): Promise<void> {
    if (!added.user) throw new Error('identity answered a factor added without its user');
    users.remember(added.user);
    respond(res, secondFactorAddedSchema, {
      success: true,
      message: say(req, 'identity.secondFactorAdded'),
      factors: factorsJson(added.factors),
      recoveryCodes: added.recoveryCodes,
    });
  }

  router.post(
    '/api/auth/second-factors/totp/setup',
    signedIn,
    account,
    handle(async (_req, res) => {
      respond(res, totpSetupSchema, await identity.BeginTotpSetup({ userId: sessionOf(res).user.id }));
    }),
  );

  router.post(
    '/api/auth/second-factors/totp',
    signedIn,
    account,
    handle(async (req, res) => {
      const { code } = parseInput(totpConfirmSchema, req.body);
      const { user, claims } = sessionOf(res);
      await factorAdded(req, res, await identity.ConfirmTotpSetup({ userId: user.id, code, sessionId: claims.sid }));
    }),
  );

  router.delete(
    '/api/auth/second-factors/totp',
    signedIn,
    account,
    recentSignIn,
    handle(async (_req, res) => {
      respond(res, secondFactorsSchema, factorsJson(await identity.RemoveTotp({ userId: sessionOf(res).user.id })));
    }),
  );

  router.post(
    '/api/auth/second-factors/passkeys/options',
    signedIn,
    account,
    handle(async (_req, res) => {
      const { optionsJson: json } = await identity.BeginPasskeyRegistration({ userId: sessionOf(res).user.id });
      respond(res, passkeyOptionsSchema, optionsJson(json));
    }),
  );

  router.post(
    '/api/auth/second-factors/passkeys',
    signedIn,
    account,
    handle(async (req, res) => {
      const { response, name } = parseInput(passkeyRegistrationSchema, req.body);
      const { user, claims } = sessionOf(res);
      const responseJson = JSON.stringify(response);
      await factorAdded(
        req,
        res,
        await identity.FinishPasskeyRegistration({ userId: user.id, responseJson, name, sessionId: claims.sid }),
      );
    }),
  );

  router.delete(
    '/api/auth/second-factors/passkeys/:id',
    signedIn,
    account,
    recentSignIn,
    handle(async (req, res) => {
      const passkeyId = String(req.params.id);
      const factors = await identity.RemovePasskey({ userId: sessionOf(res).user.id, passkeyId });
      respond(res, secondFactorsSchema, factorsJson(factors));
    }),
  );

  router.post(
    '/api/auth/second-factors/recovery-codes',
    signedIn,
    account,
    recentSignIn,
    handle(async (_req, res) => {
      respond(res, recoveryCodesSchema, await identity.NewRecoveryCodes({ userId: sessionOf(res).user.id }));
    }),
  );

  return router;
}
