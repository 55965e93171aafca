import type { AuditDocument } from '../infra/audit-log.js';
import type { ModerationContext } from './context.js';

const PAGE = 50;

/** A report action's entry names the post (its target) and the report (its detail). */
const isReportAction = (entry: AuditDocument) => entry.action.startsWith('report_');

/**
 * The audit log, newest first, by admin and by target; `before` continues after a page's last entry. Each entry says
 * what it is about where moderation keeps it (a report's reason, a feedback's type and words), looked up for the whole
 * page at once.
 */
export async function auditLog(
  context: ModerationContext,
  input: { adminId: string; targetId: string; before: string; limit: number },
) {
  const limit = input.limit > 0 ? Math.min(input.limit, PAGE) : PAGE;
  const { entries, nextCursor } = await context.audit.page(input, limit);
  const [reports, feedback] = await Promise.all([
    context.reports.getMany([...new Set(entries.filter(isReportAction).map((entry) => entry.detail))]),
    context.feedback.getMany([
      ...new Set(entries.filter((entry) => entry.targetType === 'feedback').map((entry) => entry.targetId)),
    ]),
  ]);
  const reportById = new Map(reports.map((report) => [report._id, report]));
  const feedbackById = new Map(feedback.map((item) => [item._id, item]));
  return {
    entries: entries.map((entry) => {
      const report = isReportAction(entry) ? reportById.get(entry.detail) : undefined;
      const about = entry.targetType === 'feedback' ? feedbackById.get(entry.targetId) : undefined;
      return {
        id: entry._id,
        at: entry.at,
        adminId: entry.adminId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        reason: entry.reason,
        detail: entry.detail,
        reportReason: report?.reason ?? '',
        feedbackType: about?.type ?? '',
        feedbackMessage: about?.message ?? '',
      };
    }),
    nextCursor,
  };
}
