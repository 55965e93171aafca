import type { ModerationContext } from './context.js';

const PAGE = 50;

/** The audit log, newest first, by admin and by target; `before` continues after a page's last entry. */
export async function auditLog(
  context: ModerationContext,
  input: { adminId: string; targetId: string; before: string; limit: number },
) {
  const limit = input.limit > 0 ? Math.min(input.limit, PAGE) : PAGE;
  const { entries, nextCursor } = await context.audit.page(input, limit);
  return {
    entries: entries.map((entry) => ({
      id: entry._id,
      at: entry.at,
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      detail: entry.detail,
    })),
    nextCursor,
  };
}
