import type { AuditDocument } from '../infra/audit-log.js';
import type { ModerationContext } from './context.js';

const VERIFICATION_DECISION = /^verification_(approved|rejected)$/;
/** What admins did about a member's posts. Reports others filed about them, and what came of those, are not theirs. */
const POST_DECISION = /^post_/;

const oldestFirst = (entries: AuditDocument[]) => [...entries].sort((a, b) => a.order.localeCompare(b.order));

/**
 * Everything moderation holds about the member, for their data export: their verification as moderation knows it
 * with every decision on it, the other decisions admins took about them (premium, tester flag, credit adjustments)
 * and about their posts, the reports they filed, the feedback they sent, and, for an admin, the actions they took.
 * The admin who decided about the member is not named (moderators are staff, and the member gets what was decided,
 * why and when). That others reported the member's posts is the reporters' business and is not exported.
 */
export async function exportMember(context: ModerationContext, userId: string): Promise<{ json: string }> {
  const { members, posts, audit, reports, feedback } = context;
  const [member, postIds, aboutThem, filed, sent, taken] = await Promise.all([
    members.get(userId),
    posts.idsBy(userId),
    audit.aboutMember(userId),
    reports.filedBy(userId),
    feedback.sentBy(userId),
    audit.takenBy(userId),
  ]);
  const aboutPosts = await audit.aboutPosts(postIds);
  const decision = (entry: AuditDocument) => ({
    at: entry.at,
    action: entry.action,
    about: entry.targetType === 'post' ? { postId: entry.targetId } : 'you',
    reason: entry.reason || null,
    detail: entry.detail || null,
  });
  const data = {
    verification: member && {
      status: member.verificationStatus,
      registeredAt: member.registeredAt,
      submittedAt: member.submittedAt,
      decisions: oldestFirst(aboutThem)
        .filter((entry) => VERIFICATION_DECISION.test(entry.action))
        .map((entry) => ({
          at: entry.at,
          status: entry.action.replace('verification_', ''),
          reason: entry.reason || null,
        })),
    },
    adminDecisions: oldestFirst([
      ...aboutThem.filter((entry) => !VERIFICATION_DECISION.test(entry.action)),
      ...aboutPosts.filter((entry) => POST_DECISION.test(entry.action)),
    ]).map(decision),
    reportsFiled: filed.map((report) => ({
      id: report._id,
      postId: report.postId,
      reason: report.reason,
      description: report.description,
      status: report.status,
      adminNotes: report.adminNotes || null,
      createdAt: report.createdAt,
      updatedAt: report.updatedAt,
    })),
    feedbackSent: sent.map((item) => ({
      id: item._id,
      type: item.type,
      message: item.message,
      status: item.status,
      createdAt: item.createdAt,
    })),
    adminActionsTaken: oldestFirst(taken).map((entry) => ({
      at: entry.at,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason || null,
      detail: entry.detail || null,
    })),
  };
  return { json: JSON.stringify(data, null, 2) };
}
