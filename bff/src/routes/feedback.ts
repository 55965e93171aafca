import { Router } from 'express';
import { parseInput } from '@tip/platform';
import { feedbackSchema, feedbackStatusSchema } from '@tip/moderation/domain';
import type { BffContext } from '../context.js';
import { doneSchema, feedbackItemSchema, feedbackSentSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireAdmin, requireSession, sessionOf } from '../http/session-guard.js';
import { userRefs } from '../moderation/admin-views.js';

/** Feedback: any signed-in member sends it (/feedback); admins list it, set its status, delete it. */
export function feedbackRoutes(context: BffContext): Router {
  const { identity, moderation, sessions, limits, say } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const adminOnly = requireAdmin(sessions);

  router.post(
    '/api/feedback',
    signedIn,
    writeLimit(limits, 'reports'),
    handle(async (req, res) => {
      const { type, message } = parseInput(feedbackSchema, req.body);
      const { feedbackId } = await moderation.SubmitFeedback({ userId: sessionOf(res).user.id, type, message });
      respond(res.status(201), feedbackSentSchema, {
        success: true,
        message: say(req, 'moderation.feedbackSent'),
        id: feedbackId,
      });
    }),
  );

  const list = handle(async (_req, res) => {
    const { items } = await moderation.ListFeedback({});
    const refOf = await userRefs(
      identity,
      items.map((item) => item.userId),
      sessionOf(res).user.id,
    );
    respond(
      res,
      feedbackItemSchema.array(),
      items.map((item) => ({
        id: item.id,
        type: feedbackItemSchema.shape.type.parse(item.type),
        message: item.message,
        status: feedbackItemSchema.shape.status.parse(item.status),
        createdAt: item.createdAt,
        user: refOf(item.userId),
      })),
    );
  });
  router.get('/api/feedback', adminOnly, list);
  router.get('/api/admin/feedback', adminOnly, list);

  router.put(
    '/api/admin/feedback/:id',
    adminOnly,
    writeLimit(limits, 'admin'),
    handle(async (req, res) => {
      const feedbackId = parseInput(idParam, req.params.id);
      const { status } = parseInput(feedbackStatusSchema, req.body);
      await moderation.SetFeedbackStatus({ feedbackId, status, adminId: sessionOf(res).user.id });
      respond(res, doneSchema, { success: true, message: say(req, 'moderation.feedbackUpdated') });
    }),
  );

  router.delete(
    '/api/feedback/:id',
    adminOnly,
    writeLimit(limits, 'admin'),
    handle(async (req, res) => {
      const feedbackId = parseInput(idParam, req.params.id);
      await moderation.DeleteFeedback({ feedbackId, adminId: sessionOf(res).user.id });
      respond(res, doneSchema, { success: true, message: say(req, 'moderation.feedbackDeleted') });
    }),
  );

  return router;
}
