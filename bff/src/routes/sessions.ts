import { parseInput } from '@tip/platform';
import { Router } from 'express';
import { z } from 'zod';
import { passwordChangeSchema } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import {
  actionResultSchema,
  sessionListSchema,
  sessionSchema,
  sessionsEndedSchema,
  userResultSchema,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';
import { ownUserJson } from '../user-view.js';

const sessionIdSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * Where the member is signed in (identity's records), and ending them: one by id, every one but this browser's, or
 * with a new password (given the current one, counted with the address's logins).
 * An ended session is refused here at once (its mark in the cache, which every replica reads) and its sockets
 * closed on every replica; SessionEnded tells the replicas too.
 */
export function sessionRoutes(context: BffContext): Router {
  const { identity, sessions, users, balances, limits, say, push } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  router.get(
    '/api/auth/sessions',
    signedIn,
    handle(async (_req, res) => {
      const { user, claims } = sessionOf(res);
      const { sessions: records } = await identity.ListSessions({ userId: user.id });
      respond(res, sessionListSchema, {
        success: true,
        sessions: records.map((record) => ({
          ...record,
          device: sessionSchema.shape.device.parse(record.device),
          current: record.id === claims.sid,
        })),
      });
    }),
  );

  router.delete(
    '/api/auth/sessions/:id',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const { id } = parseInput(sessionIdSchema, req.params);
      await identity.EndSession({ userId: sessionOf(res).user.id, sessionId: id });
      await sessions.refuse(id);
      push.endSession(id);
      respond(res, actionResultSchema, { success: true, message: say(req, 'identity.sessionEnded') });
    }),
  );

  router.post(
    '/api/auth/sessions/end-others',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const { user, claims } = sessionOf(res);
      const { sessionIds } = await identity.EndOtherSessions({ userId: user.id, sessionId: claims.sid });
      await Promise.all(sessionIds.map((id) => sessions.refuse(id)));
      for (const id of sessionIds) push.endSession(id);
      respond(res, sessionsEndedSchema, {
        success: true,
        // The server's translator has no plural rules: the two forms are picked here (i18next's key suffixes).
        message: say(req, `identity.otherSessionsEnded_${sessionIds.length === 1 ? 'one' : 'other'}`, {
          count: sessionIds.length,
        }),
        count: sessionIds.length,
      });
    }),
  );

  router.post(
    '/api/auth/password/change',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const { currentPassword, newPassword } = parseInput(passwordChangeSchema, req.body);
      await limits.secretAttempt(req.ip ?? '');
      const { claims } = sessionOf(res);
      const { user, endedSessionIds } = await identity.ChangePassword({
        userId: claims.sub,
        sessionId: claims.sid,
        currentPassword,
        newPassword,
      });
      await Promise.all(endedSessionIds.map((id) => sessions.refuse(id)));
      for (const id of endedSessionIds) push.endSession(id);
      if (!user) throw new Error('ChangePassword answered no user');
      users.remember(user);
      respond(res, userResultSchema, {
        success: true,
        message: say(req, 'identity.passwordChanged'),
        user: await ownUserJson(balances, user),
      });
    }),
  );

  return router;
}
