import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/** Verification decisions, keyed by the user id they are about. */
export const MODERATION_VERIFICATIONS_TOPIC = 'moderation.verifications';
/** Post decisions, keyed by the post id. */
export const MODERATION_POSTS_TOPIC = 'moderation.posts';
/** Reports about posts, keyed by the post id: one post's reports stay in order. */
export const MODERATION_REPORTS_TOPIC = 'moderation.reports';
/** Members' feedback, keyed by the feedback id. */
export const MODERATION_FEEDBACK_TOPIC = 'moderation.feedback';

const adminId = z.string().min(1);
/** Reasons, types and statuses are checked by moderation's domain when they are made; events carry them as text. */
const label = z.string().min(1).max(40);

/** An admin approved or rejected a user's verification photo; `reason` holds the chosen rejection reasons. */
export const VerificationDecided = defineEvent({
  type: 'VerificationDecided',
  version: 1,
  topic: MODERATION_VERIFICATIONS_TOPIC,
  schema: z.object({
    userId: z.string().min(1),
    status: z.enum(['approved', 'rejected']),
    reason: z.string().max(2000).optional(),
    adminId,
  }),
});

/** An admin approved or rejected a waiting post; content publishes or rejects it (then PostDecided). */
export const PostDecisionMade = defineEvent({
  type: 'PostDecisionMade',
  version: 1,
  topic: MODERATION_POSTS_TOPIC,
  schema: z.object({
    postId: z.string().min(1),
    status: z.enum(['approved', 'rejected']),
    reason: z.string().max(2000).optional(),
    adminId,
  }),
});

/**
 * A post entered the approval queue (`pending`) or left the console's lists for good (`deleted`), as moderation
 * stored it: the admins' lists and counts read it from now on. (Decisions go out as PostDecisionMade.)
 */
export const PostQueueChanged = defineEvent({
  type: 'PostQueueChanged',
  version: 1,
  topic: MODERATION_POSTS_TOPIC,
  schema: z.object({ postId: z.string().min(1), status: z.enum(['pending', 'deleted']) }),
});

/** A member's verification photo waits for a decision, as moderation stored it: the admins' queue lists them. */
export const VerificationQueued = defineEvent({
  type: 'VerificationQueued',
  version: 1,
  topic: MODERATION_VERIFICATIONS_TOPIC,
  schema: z.object({ userId: z.string().min(1) }),
});

/** A member reported someone else's post. */
export const ReportFiled = defineEvent({
  type: 'ReportFiled',
  version: 1,
  topic: MODERATION_REPORTS_TOPIC,
  schema: z.object({
    reportId: z.string(),
    postId: z.string(),
    reporterId: z.string(),
    reason: label,
    filedAt: z.string(),
  }),
});

/** An admin took a report into review or resolved it. */
export const ReportUpdated = defineEvent({
  type: 'ReportUpdated',
  version: 1,
  topic: MODERATION_REPORTS_TOPIC,
  schema: z.object({
    reportId: z.string(),
    postId: z.string(),
    status: label,
    adminNotes: z.string().optional(),
    adminId,
  }),
});

/** A member sent feedback. */
export const FeedbackReceived = defineEvent({
  type: 'FeedbackReceived',
  version: 1,
  topic: MODERATION_FEEDBACK_TOPIC,
  schema: z.object({ feedbackId: z.string(), type: label, receivedAt: z.string() }),
});

/** An admin changed a feedback's status. */
export const FeedbackUpdated = defineEvent({
  type: 'FeedbackUpdated',
  version: 1,
  topic: MODERATION_FEEDBACK_TOPIC,
  schema: z.object({ feedbackId: z.string(), status: label, adminId }),
});

/** Feedback is gone: an admin deleted it (`adminId`), or its author deleted the account. */
export const FeedbackDeleted = defineEvent({
  type: 'FeedbackDeleted',
  version: 1,
  topic: MODERATION_FEEDBACK_TOPIC,
  schema: z.object({ feedbackId: z.string(), adminId: adminId.optional() }),
});

export type VerificationDecidedPayload = PayloadOf<typeof VerificationDecided>;
export type PostDecisionMadePayload = PayloadOf<typeof PostDecisionMade>;
export type ReportUpdatedPayload = PayloadOf<typeof ReportUpdated>;
