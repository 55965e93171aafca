// The forms' choices and limits, as plain values apart from the schemas that use them (feedback.ts, reports.ts): the
// web app shows them on pages where zod does not load (a post card's report dialog, the feedback form).

export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'complaint', 'compliment', 'other'] as const;
export const FEEDBACK_STATUSES = ['pending', 'in_review', 'resolved'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** What feedback is about when the member does not say. */
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'other';

export const FEEDBACK_MAX_CHARACTERS = 1000;

export const REPORT_REASONS = ['spam', 'inappropriate', 'harassment', 'fake', 'copyright', 'other'] as const;
export const REPORT_STATUSES = ['pending', 'in_review', 'resolved'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_DESCRIPTION_MAX = 1000;
