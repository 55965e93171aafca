/**
 * The feedback form's choices and limit, as moderation's rules state them (feedbackSchema in
 * services/moderation/src/domain; a test keeps the two equal). Kept here without zod so the form's page stays light.
 */
export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'complaint', 'compliment', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'other';

/** The message's limit, after trimming. */
export const FEEDBACK_MAX_LENGTH = 1000;
