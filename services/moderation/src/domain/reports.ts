import { z } from 'zod';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportStatus } from './choices.js';

/** A member's report of a post: reason required, description optional (docs/product.md#reports). */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, 'moderation.reportReasonRequired'),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX, 'moderation.reportDescriptionTooLong').default(''),
});

/** An admin's move of a report: into review, or resolved, with the note shown on the report. */
export const reportUpdateSchema = z.object({
  status: z.enum(['in_review', 'resolved']),
  adminNotes: z.string().trim().max(2000).default(''),
});

/**
 * Whether a report may move from `from` to `to`: pending to in_review ('Prendi in Carico'), pending or in_review to
 * resolved. Resolved is final.
 */
export function mayMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  if (from === 'pending') return to === 'in_review' || to === 'resolved';
  if (from === 'in_review') return to === 'resolved';
  return false;
}

export const isOpenReport = (status: ReportStatus) => status !== 'resolved';

/** One post's reports shown as one item: pending while any is, else in review while any is, else resolved. */
export function groupStatus(statuses: readonly ReportStatus[]): ReportStatus {
  if (statuses.includes('pending')) return 'pending';
  if (statuses.includes('in_review')) return 'in_review';
  return 'resolved';
}
