import type { Filter } from '@tip/platform';
import type { ModerationContext } from './context.js';

const PAGE = 50;

/** The audit log, newest first, by admin and by target; `before` continues after a page's last entry. */
export async function auditLog(
  context: ModerationContext,
  input: { adminId: string; targetId: string; before: string; limit: number },
) {
  const limit = input.limit > 0 ? Math.min(input.limit, PAGE) : PAGE;
  const filter: Filter = {};
  if (input.adminId) filter.adminId = input.adminId;
  if (input.targetId) filter.targetId = input.targetId;
  if (input.before) filter.order = { $lt: input.before };
  const entries = await context.stores.audit.find(filter, { sort: { order: -1 }, limit: limit + 1 });
  const page = entries.slice(0, limit);
  return {
    entries: page.map((entry) => ({
      id: entry._id,
      at: entry.at,
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      detail: entry.detail,
    })),
    nextCursor: entries.length > limit ? (page.at(-1)?.order ?? '') : '',
  };
}
