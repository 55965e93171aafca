import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '@tip/platform';
import type { ModerationAuditEntry } from '@tip/moderation/contract';
import { decisionSchema, FEEDBACK_TYPES, REPORT_REASONS } from '@tip/moderation/domain';
import { testDataEnabled } from '../config.js';
import type { BffContext } from '../context.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { requireAdmin, sessionOf } from '../http/session-guard.js';
import { adminUsers, excerptOf, postSummaries, userRefs } from '../moderation/admin-views.js';
import {
  adminCountsSchema,
  adminStatsSchema,
  auditEntrySchema,
  auditPageSchema,
  pendingPostSchema,
  pendingUserSchema,
  postDecidedSchema,
  verificationDecidedSchema,
} from '../contract/index.js';
import { respond } from '../http/respond.js';

const reportReasonSchema = z.enum(REPORT_REASONS);
const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);

const auditQuery = z.object({
  adminId: z.string().max(100).default(''),
  targetId: z.string().max(100).default(''),
  before: z.string().max(200).default(''),
});

/**
 * The admin console's queues and figures, kept by moderation: waiting verifications and posts with their
 * decisions, the stats and counts, and the audit log. Moderation records a decision and applies it at identity or
 * content before it answers; the pages watching learn it by push.
 */
export function adminQueueRoutes(context: BffContext): Router {
  const { config, identity, content, moderation, balances, users, sessions, limits, say } = context;
  const router = Router();
  const adminOnly = requireAdmin(sessions);
  const adminLimit = writeLimit(limits, 'admin');
  const adminOf = (res: Parameters<typeof sessionOf>[0]) => sessionOf(res).user.id;

  // Each waiting member with the gender change their photo is to be checked against (null without one).
  const pendingUsers = handle(async (_req, res) => {
    const { items } = await moderation.PendingVerifications({});
    const users = await adminUsers(
      identity,
      balances,
      items.map((item) => item.userId),
      adminOf(res),
    );
    const changes = new Map(items.map((item) => [item.userId, item.genderChange]));
    respond(
      res,
      pendingUserSchema.array(),
      users.map((user) => ({
        ...user,
        genderChange: pendingUserSchema.shape.genderChange.parse(changes.get(user.id) ?? null),
      })),
    );
  });
  router.get('/api/admin/pending-users', adminOnly, pendingUsers);
  router.get('/api/admin/pending-verifications', adminOnly, pendingUsers);

  router.put(
    '/api/admin/users/:id/verify',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      const { status, reason } = parseInput(decisionSchema, req.body);
      await moderation.DecideVerification({ userId, status, reason, adminId: adminOf(res) });
      // Applied at identity: this replica's copy of the member is out of date (the others' learn it by its event).
      users.invalidate(userId);
      respond(res, verificationDecidedSchema, {
        success: true,
        message: say(req, 'identity.verificationDecided'),
        verificationStatus: status,
      });
    }),
  );

  router.get(
    '/api/admin/pending-posts',
    adminOnly,
    handle(async (_req, res) => {
      const { items } = await moderation.PendingPosts({});
      const posts = await postSummaries(
        content,
        items.map((item) => item.postId),
        adminOf(res),
      );
      respond(
        res,
        pendingPostSchema.array(),
        items.flatMap((item) => {
          const post = posts.get(item.postId);
          return post ? [{ post, author: post.author }] : [];
        }),
      );
    }),
  );

  router.patch(
    '/api/admin/posts/:id/status',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const postId = parseInput(idParam, req.params.id);
      const { status, reason } = parseInput(decisionSchema, req.body);
      await moderation.DecidePost({ postId, status, reason, adminId: adminOf(res) });
      respond(res, postDecidedSchema, { success: true, message: say(req, 'moderation.postDecided'), status });
    }),
  );

  router.get(
    '/api/admin/stats',
    adminOnly,
    handle(async (_req, res) => {
      const [stats, media] = await Promise.all([moderation.Stats({}), content.MediaTools({})]);
      respond(res, adminStatsSchema, {
        ...stats,
        revenueCents: Number(stats.revenueCents),
        media: adminStatsSchema.shape.media.parse(media),
        testData: testDataEnabled(config),
      });
    }),
  );

  router.get(
    '/api/admin/counts',
    adminOnly,
    handle(async (_req, res) => {
      const { pendingPosts, pendingVerifications, openReports, openFeedback } = await moderation.Stats({});
      respond(res, adminCountsSchema, { pendingPosts, pendingVerifications, openReports, openFeedback });
    }),
  );

  // Each entry with what it is about, in three calls whatever the page holds: moderation's log (with its reports'
  // reasons and feedbacks' words), content's posts, identity's usernames (admins, members, authors).
  router.get(
    '/api/admin/audit',
    adminOnly,
    handle(async (req, res) => {
      const query = parseInput(auditQuery, req.query);
      const page = await moderation.AuditLog({ ...query, limit: 50 });
      const adminId = adminOf(res);
      const about = (type: string) => page.entries.filter((entry) => entry.targetType === type);
      const posts = await postSummaries(
        content,
        about('post').map((entry) => entry.targetId),
        adminId,
      );
      // A deleted post's author is in its deletion's entry (PostDeleted's detail); a live post's, content's.
      const authorOf = (entry: ModerationAuditEntry) =>
        posts.get(entry.targetId)?.author.id ?? (entry.action === 'post_deleted' ? entry.detail : '');
      const refOf = await userRefs(
        identity,
        [
          ...page.entries.map((entry) => entry.adminId),
          ...about('user').map((entry) => entry.targetId),
          ...about('post').map(authorOf),
        ],
        adminId,
      );
      const postOf = (entry: ModerationAuditEntry) => {
        const post = posts.get(entry.targetId);
        return {
          excerpt: post ? excerptOf(post.content) : null,
          hasMedia: Boolean(post?.imageUrl || post?.videoUrl),
          author: refOf(authorOf(entry)),
        };
      };
      const feedbackOf = (entry: ModerationAuditEntry) => {
        const type = feedbackTypeSchema.safeParse(entry.feedbackType);
        return type.success
          ? { type: type.data, excerpt: entry.feedbackMessage ? excerptOf(entry.feedbackMessage) : null }
          : null;
      };
      respond(res, auditPageSchema, {
        entries: page.entries.map((entry) => ({
          id: entry.id,
          at: entry.at,
          admin: refOf(entry.adminId) ?? { id: entry.adminId, username: null },
          action: auditEntrySchema.shape.action.parse(entry.action),
          targetType: auditEntrySchema.shape.targetType.parse(entry.targetType),
          targetId: entry.targetId,
          targetLabel: entry.targetType === 'user' ? (refOf(entry.targetId)?.username ?? null) : null,
          post: entry.targetType === 'post' ? postOf(entry) : null,
          reportReason: reportReasonSchema.safeParse(entry.reportReason).data ?? null,
          feedback: entry.targetType === 'feedback' ? feedbackOf(entry) : null,
          reason: entry.reason || null,
          detail: entry.detail || null,
        })),
        nextCursor: page.nextCursor || null,
      });
    }),
  );

  return router;
}
