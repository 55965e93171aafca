import { z } from 'zod';

export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'complaint', 'compliment', 'other'] as const;
export const FEEDBACK_STATUSES = ['pending', 'in_review', 'resolved'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_MAX_CHARACTERS = 1000;

/** A member's feedback: type defaults to other; the message is trimmed, 1 to 1000 characters. */
export const feedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES).default('other'),
  message: z
    .string('moderation.feedbackMessageRequired')
    .trim()
    .min(1, 'moderation.feedbackMessageRequired')
    .max(FEEDBACK_MAX_CHARACTERS, 'moderation.feedbackTooLong'),
});

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) });
