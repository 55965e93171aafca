import { Router } from 'express';
import { parseInput } from '@tip/platform';
import { reportSchema, reportUpdateSchema } from '@tip/moderation/domain';
import type { BffContext } from '../context.js';
import { doneSchema, postReportSchema, reportGroupSchema, reportStatusSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireAdmin, requireSession, sessionOf } from '../http/session-guard.js';
import { postSummaries, userRefs } from '../moderation/admin-views.js';

/** Post reports: a member files one from the post card's menu; admins see them grouped per post and move them. */
export function reportRoutes(context: BffContext): Router {
  const { content, identity, moderation, sessions, limits, say } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const adminOnly = requireAdmin(sessions);

  router.post(
    '/api/posts/:id/report',
    signedIn,
    writeLimit(limits, 'reports'),
    handle(async (req, res) => {
      const reporterId = sessionOf(res).user.id;
      const postId = parseInput(idParam, req.params.id);
      const { reason, description } = parseInput(reportSchema, req.body);
      // Only a post the member can see can be reported; content answers NOT_FOUND for the others.
      const { post } = await content.GetPost({ postId, viewerId: reporterId });
      await moderation.FileReport({ postId, postAuthorId: post?.authorId ?? '', reporterId, reason, description });
      respond(res.status(201), doneSchema, { success: true, message: say(req, 'moderation.reportSent') });
    }),
  );

  const list = handle(async (_req, res) => {
    const adminId = sessionOf(res).user.id;
    const { groups } = await moderation.ListReports({});
    const reports = groups.flatMap((group) => group.reports);
    const [posts, refOf] = await Promise.all([
      postSummaries(
        content,
        groups.map((group) => group.postId),
        adminId,
      ),
      userRefs(
        identity,
        reports.flatMap((report) => [report.reporterId, report.reviewerId]),
        adminId,
      ),
    ]);
    respond(
      res,
      reportGroupSchema.array(),
      groups.map((group) => {
        const latest = group.reports.at(-1);
        const reviewed = group.reports.findLast((report) => report.reviewerId);
        return {
          id: group.reports.find((report) => report.status !== 'resolved')?.id ?? latest?.id ?? '',
          postId: group.postId,
          post: posts.get(group.postId) ?? null,
          status: reportStatusSchema.parse(group.status),
          reportCount: group.reports.length,
          createdAt: latest?.createdAt ?? '',
          adminNotes: reviewed?.adminNotes || null,
          reviewer: reviewed ? refOf(reviewed.reviewerId) : null,
          reports: group.reports.map((report) => ({
            id: report.id,
            reason: postReportSchema.shape.reason.parse(report.reason),
            description: report.description || null,
            status: reportStatusSchema.parse(report.status),
            adminNotes: report.adminNotes || null,
            createdAt: report.createdAt,
            reporter: refOf(report.reporterId),
          })),
        };
      }),
    );
  });
  router.get('/api/admin/reports', adminOnly, list);
  router.get('/api/admin/post-reports', adminOnly, list);

  router.put(
    '/api/admin/reports/:id',
    adminOnly,
    writeLimit(limits, 'admin'),
    handle(async (req, res) => {
      const reportId = parseInput(idParam, req.params.id);
      const { status, adminNotes } = parseInput(reportUpdateSchema, req.body);
      await moderation.UpdateReport({ reportId, status, adminNotes, adminId: sessionOf(res).user.id });
      respond(res, doneSchema, { success: true, message: say(req, 'moderation.reportUpdated') });
    }),
  );

  return router;
}
