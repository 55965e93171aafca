import express, { Router } from 'express';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import { UPLOAD_RULES } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { actionResultSchema, doneSchema, memberSchema, userResultSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { multipartForm, requiredUpload } from '../http/uploads.js';
import { ownUserJson, toUserJson } from '../user-view.js';

const onlineStatusSchema = z.object({ isOnline: z.boolean() });

/** The unload beacon may arrive as text/plain (sendBeacon with a string): its text is the JSON. */
const beaconText = express.text({ type: 'text/plain', limit: '1kb' });
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new DomainError('INVALID_ARGUMENT', 'errors.malformedJson');
  }
}

/** Other members, the own account, verification resubmission and presence. */
export function userRoutes(context: BffContext): Router {
  const { identity, sessions, users, balances, limits, say, push, presence } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  router.get(
    '/api/user/:id',
    signedIn,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      const viewer = sessionOf(res).user;
      const user = await identity.GetUser({ userId, viewerId: viewer.id });
      // A balance is its owner's business, and the admins'.
      const seesCredits = viewer.isAdmin || viewer.id === user.id;
      respond(res, memberSchema, toUserJson(user, seesCredits ? await balances.get(user.id) : null));
    }),
  );

  router.post(
    '/api/users/resubmit-verification',
    signedIn,
    writeLimit(limits, 'account'),
    multipartForm('verificationPhoto', UPLOAD_RULES.resubmission),
    handle(async (req, res) => {
      const image = requiredUpload(req.file, UPLOAD_RULES.resubmission);
      const user = await identity.ResubmitVerification({ userId: sessionOf(res).user.id, image });
      users.remember(user);
      const message = say(req, 'identity.verificationResubmitted');
      respond(res, userResultSchema, { success: true, message, user: await ownUserJson(balances, user) });
    }),
  );

  router.delete(
    '/api/users/account',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const { user } = sessionOf(res);
      await identity.DeleteAccount({ userId: user.id });
      users.drop(user.id);
      const { setCookies } = await sessions.end(req.headers.cookie, req);
      push.endUserHere(user.id);
      const message = say(req, 'identity.accountDeleted');
      respond(res.append('Set-Cookie', setCookies), doneSchema, { success: true, message });
    }),
  );

  // Pages report online on entering the feed, offline by a beacon on leaving. Presence weighs it against the member's
  // sockets (another tab still open keeps them online) and tells the pages watching them.
  const setOnlineStatus = handle(async (req, res) => {
    const { isOnline } = parseInput(onlineStatusSchema, beaconBody(req.body));
    await presence.report(sessionOf(res).user.id, isOnline);
    respond(res, actionResultSchema, { success: true });
  });
  const statusLimit = writeLimit(limits, 'status');
  router.patch('/api/users/online-status', signedIn, statusLimit, setOnlineStatus);
  router.post('/api/users/online-status', signedIn, statusLimit, beaconText, setOnlineStatus);

  return router;
}
