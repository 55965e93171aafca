import { parseInput } from '@tip/platform';
import { Router } from 'express';
import {
  emailChangeSchema,
  emailConfirmationSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { doneSchema, userResultSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { languageOf } from '../i18n/translator.js';
import { ownUserJson } from '../user-view.js';

/**
 * What the account's mails lead to: confirming the address (the signed-in member's code, or the link's token by
 * itself), a new code, a new address asked for (or the request dropped), a reset link asked for by address, and a
 * new password with it. Each is limited on its own (README, Abuse limits): mails per account and per client address,
 * codes, tokens and passwords with the address's logins.
 */
export function accountMailRoutes(context: BffContext): Router {
  const { identity, sessions, users, balances, limits, say, push } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  router.post(
    '/api/auth/email/confirm',
    handle(async (req, res) => {
      const { code, token } = parseInput(emailConfirmationSchema, req.body);
      await limits.secretAttempt(req.ip ?? '');
      // A code is the signed-in member's; a link's token is enough by itself (it may be opened in another browser).
      const session = code ? await sessions.authenticate(req.headers.cookie) : null;
      const user = await identity.ConfirmEmail({
        userId: session?.user.id ?? '',
        code: code ?? '',
        token: token ?? '',
      });
      users.remember(user);
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.emailConfirmed'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  router.post(
    '/api/auth/email/resend',
    signedIn,
    handle(async (req, res) => {
      const { id } = sessionOf(res).user;
      await limits.mailAttempt(req.ip ?? '', id);
      await identity.ResendEmailConfirmation({ userId: id, language: languageOf(req.headers['accept-language']) });
      respond(res, doneSchema, { success: true, message: say(req, 'identity.confirmationSent') });
    }),
  );

  // A new address, given the current password: it gets a code (confirmed as above), and the account keeps its address
  // until then. A taken address is refused as registration refuses it, once the password is right.
  router.post(
    '/api/auth/email/change',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const { newEmail, currentPassword } = parseInput(emailChangeSchema, req.body);
      const { id } = sessionOf(res).user;
      await limits.secretAttempt(req.ip ?? '');
      await limits.mailAttempt(req.ip ?? '', id);
      const user = await identity.RequestEmailChange({
        userId: id,
        newEmail,
        currentPassword,
        language: languageOf(req.headers['accept-language']),
      });
      users.remember(user);
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.emailChangeRequested', { email: newEmail }),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  router.delete(
    '/api/auth/email/change',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const user = await identity.CancelEmailChange({ userId: sessionOf(res).user.id });
      users.remember(user);
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.emailChangeCancelled'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  // The same answer whether or not a member has the address (identity does the same work either way).
  router.post(
    '/api/auth/password/forgot',
    handle(async (req, res) => {
      const { email } = parseInput(passwordForgotSchema, req.body);
      await limits.mailAttempt(req.ip ?? '', email);
      await identity.RequestPasswordReset({ email, language: languageOf(req.headers['accept-language']) });
      respond(res, doneSchema, { success: true, message: say(req, 'identity.resetRequested') });
    }),
  );

  // Every session the member had ends (identity raises their generation); this browser gets a new one.
  router.post(
    '/api/auth/password/reset',
    handle(async (req, res) => {
      const { token, password } = parseInput(passwordResetSchema, req.body);
      await limits.secretAttempt(req.ip ?? '');
      const user = await identity.ResetPassword({ token, password });
      users.remember(user);
      push.endUserHere(user.id);
      res.append('Set-Cookie', await sessions.start(user, req));
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.passwordChanged'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  return router;
}
