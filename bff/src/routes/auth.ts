import { DomainError, parseInput } from '@tip/platform';
import { Router, type Request, type Response } from 'express';
import { loginSchema, profileUpdateSchema, registrationSchema, UPLOAD_RULES } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { actionResultSchema, registeredSchema, secondStepNeededSchema, userResultSchema } from '../contract/index.js';
import { guard, handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { multipartForm, requiredUpload } from '../http/uploads.js';
import { languageOf } from '../i18n/translator.js';
import { SecondSteps } from '../session/second-step.js';
import { ownUserJson } from '../user-view.js';
import { CURRENT_USER_PATH } from './current-user.js';

/** Credentials, registration, the session's end, and the signed-in user's own profile. */
export function authRoutes(context: BffContext, currentUser: (req: Request, res: Response) => void): Router {
  const { identity, sessions, users, balances, limits, say, push } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const secondSteps = new SecondSteps(context.config.SESSION_SECRET);

  // Also reached through Express (HEAD, say); GET normally takes the fast lane before Express.
  router.get(CURRENT_USER_PATH, currentUser);

  router.post(
    '/api/auth/login',
    handle(async (req, res) => {
      const { email, password } = parseInput(loginSchema, req.body);
      const address = req.ip ?? '';
      await limits.loginAttempt(address, email);
      const user = await identity.Login({ email, password }).catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') await limits.loginFailed(email);
        throw error;
      });
      await limits.loginSucceeded(address, email);
      if (user.secondFactor) {
        // No session yet: the second step (routes/second-factor.ts) gives it.
        const { passkeyOptionsJson, ...methods } = await identity.BeginSecondStep({ userId: user.id });
        res.append('Set-Cookie', secondSteps.begin(user.id, sessions.secure(req)));
        respond(res, secondStepNeededSchema, {
          success: true,
          secondStep: true,
          message: say(req, 'identity.secondStepNeeded'),
          methods,
          passkeyOptions: passkeyOptionsJson ? (JSON.parse(passkeyOptionsJson) as Record<string, unknown>) : null,
        });
        return;
      }
      users.remember(user);
      res.append('Set-Cookie', await sessions.start(user, req));
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.loggedIn'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  router.post(
    '/api/auth/register',
    guard((req) => limits.registrationAttempt(req.ip ?? '')),
    multipartForm('verificationPhoto', UPLOAD_RULES.registration),
    handle(async (req, res) => {
      const form = parseInput(registrationSchema, req.body);
      const verificationPhoto = requiredUpload(req.file, UPLOAD_RULES.registration);
      const language = languageOf(req.headers['accept-language']);
      const user = await identity.Register({ ...form, verificationPhoto, language });
      // Signed in at once: the e-mail step that follows takes the code their mail carries.
      users.remember(user);
      res.append('Set-Cookie', await sessions.start(user, req));
      res.status(201);
      respond(res, registeredSchema, {
        success: true,
        message: say(req, 'identity.registered'),
        user: { username: user.username },
      });
    }),
  );

  const logout = handle(async (req, res) => {
    const { claims, setCookies } = await sessions.end(req.headers.cookie, req);
    if (claims) push.endSession(claims.sid);
    res.append('Set-Cookie', setCookies).redirect(302, '/');
  });
  router.get('/api/logout', logout);
  router.get('/api/auth/logout', logout);

  // Where the client sends a user whose session ran out.
  router.get('/api/login', (_req, res) => res.redirect(302, '/login'));

  // Demo sessions only ever lived in the old client's cookies; ending whatever session came along is all there is.
  router.post(
    '/api/cleanup-demo',
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const { setCookies } = await sessions.end(req.headers.cookie, req);
      respond(res.append('Set-Cookie', setCookies), actionResultSchema, { success: true });
    }),
  );

  router.put(
    '/api/auth/profile',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const fields = parseInput(profileUpdateSchema, req.body);
      const before = sessionOf(res).user;
      const user = await identity.UpdateProfile({ userId: before.id, ...fields });
      users.remember(user);
      // A change of the approved gender sends the account back to verification: the member is told why.
      const backToVerification = before.verificationStatus === 'approved' && user.verificationStatus === 'pending';
      respond(res, userResultSchema, {
        success: true,
        message: say(req, backToVerification ? 'identity.profileBackToVerification' : 'identity.profileUpdated'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  router.post(
    '/api/auth/profile-image',
    signedIn,
    writeLimit(limits, 'account'),
    multipartForm('profileImage', UPLOAD_RULES.profileImage),
    handle(async (req, res) => {
      const image = requiredUpload(req.file, UPLOAD_RULES.profileImage);
      const user = await identity.SetProfileImage({ userId: sessionOf(res).user.id, image });
      users.remember(user);
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.profileUpdated'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  return router;
}
