import { z } from 'zod';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_MAX_CHARACTERS, FEEDBACK_STATUSES, FEEDBACK_TYPES } from './choices.js';

/** A member's feedback: type defaults to other; the message is trimmed, 1 to 1000 characters. */
export const feedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES).default(DEFAULT_FEEDBACK_TYPE),
  message: z
    .string('moderation.feedbackMessageRequired')
    .trim()
    .min(1, 'moderation.feedbackMessageRequired')
    .max(FEEDBACK_MAX_CHARACTERS, 'moderation.feedbackTooLong'),
});

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) });
