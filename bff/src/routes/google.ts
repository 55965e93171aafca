import { Router, type Request, type Response } from 'express';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import { googleProfileSetupSchema, UPLOAD_RULES } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { userResultSchema } from '../contract/index.js';
import type { AuthorizationChecks } from '../google/google-oidc.js';
import { handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { multipartForm, requiredUpload } from '../http/uploads.js';
import { clearCookie, readCookie, setCookie } from '../session/cookies.js';
import { SecondSteps } from '../session/second-step.js';
import { ownUserJson } from '../user-view.js';

type Intent = 'login' | 'register';

const CALLBACK_PATH = '/api/auth/google/callback';
/** The flow's secrets ride in a signed cookie that only the Google routes receive, for the few minutes a sign-in takes. */
const FLOW_COOKIE = 'tip_oidc';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_MAX_AGE_SECONDS = 600;
/** The sign-in page, at its second step. */
const SECOND_STEP_PAGE = '/login?step=second';

const flowSchema = z.object({
  intent: z.enum(['login', 'register']),
  codeVerifier: z.string().min(1),
  state: z.string().min(1),
  nonce: z.string().min(1),
});
/** The provider's answer: a code and state, or an error; nothing else is read from it. */
const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

/** The landing page's `error` values (docs/product.md#google) and where each outcome leads. */
const landing = (error: string) => `/?error=${error}`;
const failureFor = (intent: Intent) => landing(intent === 'register' ? 'registration_failed' : 'login_failed');
const outcomeOfIdentityError: Record<string, string> = {
  'identity.googleNotRegistered': landing('not_registered'),
  'identity.googleAlreadyRegistered': landing('already_registered'),
};

/** Google sign-in and sign-up (OpenID Connect) and the profile a new Google account completes. */
export function googleRoutes(context: BffContext): Router {
  const { identity, sessions, users, balances, limits, say, google, logger, config } = context;
  const router = Router();
  const cookieOptions = (req: Request) => ({ httpOnly: true, secure: sessions.secure(req), path: FLOW_COOKIE_PATH });
  const redirectUri = () => `${context.publicUrl()}${CALLBACK_PATH}`;
  /** The flow cookie is signed with the session secret: only this server makes one. */
  const signFlow = createSigner({
    key: config.SESSION_SECRET,
    algorithm: 'HS256',
    expiresIn: FLOW_MAX_AGE_SECONDS * 1000,
  });
  const checkFlow = createVerifier({ key: config.SESSION_SECRET, algorithms: ['HS256'] });
  const secondSteps = new SecondSteps(config.SESSION_SECRET);

  const start = (intent: Intent) =>
    handle(async (req, res) => {
      if (!google) return res.redirect(302, landing('google_not_configured'));
      let authorization: Awaited<ReturnType<typeof google.authorizationUrl>>;
      try {
        authorization = await google.authorizationUrl(redirectUri());
      } catch (error) {
        logger.error({ err: error }, 'Google OpenID discovery failed');
        return res.redirect(302, failureFor(intent));
      }
      const flow = signFlow({ intent, ...authorization.checks });
      res.append(
        'Set-Cookie',
        setCookie(FLOW_COOKIE, flow, { ...cookieOptions(req), maxAgeSeconds: FLOW_MAX_AGE_SECONDS }),
      );
      res.redirect(302, authorization.url.href);
    });
  router.get('/api/auth/google', start('login'));
  router.get('/api/auth/google/register', start('register'));

  router.get(
    CALLBACK_PATH,
    handle(async (req, res) => {
      res.append('Set-Cookie', clearCookie(FLOW_COOKIE, cookieOptions(req)));
      if (!google) return res.redirect(302, landing('google_not_configured'));
      const flow = readFlow(req, checkFlow);
      if (!flow) return res.redirect(302, landing('login_failed'));
      const { intent, ...checks } = flow;
      const query = callbackQuerySchema.safeParse(req.query);
      // The provider said no (the person cancelled on its page): an outcome, not a fault worth a warning.
      if (!query.success || query.data.error) return res.redirect(302, failureFor(intent));
      let destination: string;
      try {
        destination = await signIn(intent, checks, new URL(req.originalUrl, context.publicUrl()), req, res);
      } catch (error) {
        const known = error instanceof DomainError ? outcomeOfIdentityError[error.messageKey] : undefined;
        if (!known) logger.warn({ err: error, intent }, 'Google sign-in failed');
        destination = known ?? failureFor(intent);
      }
      res.redirect(302, destination);
    }),
  );

  async function signIn(intent: Intent, checks: AuthorizationChecks, callbackUrl: URL, req: Request, res: Response) {
    if (!google) throw new Error('Google sign-in is not configured');
    const claims = await google.exchange(callbackUrl, checks);
    const { user } = await identity.GoogleSignIn({
      subject: claims.sub,
      email: claims.email,
      emailVerified: claims.email_verified,
      givenName: claims.given_name,
      familyName: claims.family_name,
      picture: claims.picture,
      intent,
    });
    if (!user) throw new Error('identity answered GoogleSignIn without a user');
    // A member with a second factor gives it on the sign-in page, as after a password.
    if (user.secondFactor) {
      res.append('Set-Cookie', secondSteps.begin(user.id, sessions.secure(req)));
      return SECOND_STEP_PAGE;
    }
    users.remember(user);
    res.append('Set-Cookie', await sessions.start(user, req));
    return user.needsProfileSetup ? '/google-profile-setup' : '/';
  }

  router.post(
    '/api/auth/setup-google-profile',
    requireSession(sessions),
    writeLimit(limits, 'account'),
    multipartForm('verificationPhoto', UPLOAD_RULES.googleSetup),
    handle(async (req, res) => {
      const { user: current } = sessionOf(res);
      const claimed = (req.body as Record<string, unknown> | undefined)?.googleUserId;
      if (claimed !== current.id) throw new DomainError('PERMISSION_DENIED', 'errors.authentication');
      const fields = parseInput(googleProfileSetupSchema, req.body);
      const verificationPhoto = requiredUpload(req.file, UPLOAD_RULES.googleSetup);
      const user = await identity.SetupGoogleProfile({ userId: current.id, ...fields, verificationPhoto });
      users.remember(user);
      const message = say(req, 'identity.profileCompleted');
      respond(res, userResultSchema, { success: true, message, user: await ownUserJson(balances, user) });
    }),
  );

  return router;
}

function readFlow(req: Request, check: (token: string) => unknown): z.infer<typeof flowSchema> | null {
  const token = readCookie(req.headers.cookie, FLOW_COOKIE);
  if (!token) return null;
  try {
    return flowSchema.parse(check(token));
  } catch {
    return null;
  }
}
