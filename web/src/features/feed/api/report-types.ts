/**
 * Why a post is reported, in the dialog's order, and the description's limit, as moderation's rules state them
 * (reportSchema in services/moderation/src/domain; a test keeps the two equal). Kept here without zod: the dialog
 * sits on every post card, and the feed's first bundle leaves zod out.
 */
export const REPORT_REASONS = ['spam', 'inappropriate', 'harassment', 'fake', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DESCRIPTION_MAX_LENGTH = 1000;
