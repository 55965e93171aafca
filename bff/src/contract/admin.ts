import { z } from 'zod';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, REPORT_REASONS, REPORT_STATUSES } from '@tip/moderation/domain';
import { categorySchema } from './posts.js';
import { doneSchema, genderSchema, memberSchema, orientationSchema } from './users.js';

/**
 * A user as the admin console shows them (GET /api/admin/users, /api/admin/pending-users): the user with the
 * console's own names for some fields, and the balance.
 */
export const adminUserSchema = memberSchema.extend({
  credits: z.number().int(),
  sexualOrientation: orientationSchema.nullable(),
  /** verificationStatus === 'approved'. */
  isVerified: z.boolean(),
  verificationRejectionReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * A member waiting in 'Utenti in Attesa': with the gender an approval established and the one chosen since, when an
 * approved member changed it (the photo is to be checked against the new one).
 */
export const pendingUserSchema = adminUserSchema.extend({
  genderChange: z.strictObject({ from: genderSchema, to: genderSchema }).nullable(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

/** GET /api/admin/users: a page of the users matching the search and filters. */
export const usersPageSchema = z.strictObject({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

/** `{ id, username }` of a user in the console's lists (a deleted user's username is null). */
export const adminRefSchema = z.strictObject({ id: z.string(), username: z.string().nullable() });
export type AdminRef = z.infer<typeof adminRefSchema>;

/** A post as the console shows it (pending, or the subject of reports). */
export const postSummarySchema = z.strictObject({
  id: z.string(),
  title: z.null(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  category: categorySchema,
  createdAt: z.string(),
  isPremium: z.boolean(),
  creditCost: z.number().int(),
  author: adminRefSchema,
});
export type PostSummary = z.infer<typeof postSummarySchema>;

/** GET /api/admin/pending-posts, oldest first. */
export const pendingPostSchema = z.strictObject({ post: postSummarySchema, author: adminRefSchema });
export type PendingPost = z.infer<typeof pendingPostSchema>;

export const reportStatusSchema = z.enum(REPORT_STATUSES);

export const postReportSchema = z.strictObject({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  status: reportStatusSchema,
  adminNotes: z.string().nullable(),
  createdAt: z.string(),
  /** Null once the reporter's account is gone. */
  reporter: adminRefSchema.nullable(),
});
export type PostReport = z.infer<typeof postReportSchema>;

/** The reports of one post (GET /api/admin/reports), newest activity first; `id` is the report id to PUT. */
export const reportGroupSchema = z.strictObject({
  id: z.string(),
  postId: z.string(),
  /** Null: the post was deleted ('Post eliminato'). */
  post: postSummarySchema.nullable(),
  /** Pending if any report is pending, else in_review if any is, else resolved. */
  status: reportStatusSchema,
  reportCount: z.number().int(),
  /** The newest report's date. */
  createdAt: z.string(),
  adminNotes: z.string().nullable(),
  reviewer: adminRefSchema.nullable(),
  reports: z.array(postReportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

/** GET /api/feedback (admins), newest first; `user` null: the author's account is gone (or it was anonymous). */
export const feedbackItemSchema = z.strictObject({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  message: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  createdAt: z.string(),
  user: adminRefSchema.nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const adminStatsSchema = z.strictObject({
  totalUsers: z.number().int(),
  totalPosts: z.number().int(),
  totalMessages: z.number().int(),
  totalTransactions: z.number().int(),
  pendingPosts: z.number().int(),
  pendingVerifications: z.number().int(),
  openReports: z.number().int(),
  openFeedback: z.number().int(),
  revenueCents: z.number().int(),
  /** Which ffmpeg processes the videos: the machine's (`system`), the npm package's (`npm`) or `none`. */
  media: z.strictObject({
    ffmpegSource: z.enum(['system', 'npm', 'none']),
    ffmpegVersion: z.string(),
    limitsEnforced: z.boolean(),
  }),
  /** Whether the console's test-data buttons work here (ENABLE_TEST_DATA outside production): the web hides them otherwise. */
  testData: z.boolean(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/counts: what waits for a moderator (the badges and the banner), the stats' queue figures. */
export const adminCountsSchema = adminStatsSchema.pick({
  pendingPosts: true,
  pendingVerifications: true,
  openReports: true,
  openFeedback: true,
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;

const decisionStatusSchema = z.enum(['approved', 'rejected']);

/** PUT /api/admin/users/:id/verify: moderation recorded the decision and applied it at identity. */
export const verificationDecidedSchema = doneSchema.extend({ verificationStatus: decisionStatusSchema });
export type VerificationDecided = z.infer<typeof verificationDecidedSchema>;

/** PATCH /api/admin/posts/:id/status: moderation recorded the decision and applied it at content. */
export const postDecidedSchema = doneSchema.extend({ status: decisionStatusSchema });
export type PostDecided = z.infer<typeof postDecidedSchema>;

/** POST /api/admin/users/:id/grant-premium: the member's premium now ends at `premiumSubscriptionExpiry`. */
export const premiumGrantedSchema = doneSchema.extend({ premiumSubscriptionExpiry: z.string().nullable() });
export type PremiumGranted = z.infer<typeof premiumGrantedSchema>;

/** PUT /api/admin/users/:id/tester. */
export const testerSetSchema = doneSchema.extend({ isTester: z.boolean() });
export type TesterSet = z.infer<typeof testerSetSchema>;

/** POST /api/admin/create-test-users and create-test-posts (201; outside production only): how many were made. */
export const testDataSchema = doneSchema.extend({ created: z.number().int() });
export type TestData = z.infer<typeof testDataSchema>;

/** POST /api/feedback (201): the feedback's id. */
export const feedbackSentSchema = doneSchema.extend({ id: z.string() });
export type FeedbackSent = z.infer<typeof feedbackSentSchema>;

export const AUDIT_ACTIONS = [
  'verification_approved',
  'verification_rejected',
  'post_approved',
  'post_rejected',
  'post_deleted',
  'user_deleted',
  'credits_adjusted',
  'premium_granted',
  'premium_revoked',
  'tester_granted',
  'tester_revoked',
  'report_in_review',
  'report_resolved',
  'feedback_status_changed',
  'feedback_deleted',
] as const;

/** The post an audit entry is about (a decision on it, its deletion, its reports), as it is now. */
export const auditPostSchema = z.strictObject({
  /** The start of its text ('' without text); null once it is deleted. */
  excerpt: z.string().nullable(),
  hasMedia: z.boolean(),
  /** Null when the post is gone without saying whose it was. */
  author: adminRefSchema.nullable(),
});
export type AuditPost = z.infer<typeof auditPostSchema>;

/** The feedback an audit entry is about. */
export const auditFeedbackSchema = z.strictObject({
  type: z.enum(FEEDBACK_TYPES),
  /** The start of its message; null once the feedback is deleted. */
  excerpt: z.string().nullable(),
});

/**
 * One admin action (GET /api/admin/audit) and what it is about, so that the console shows no bare ids: a member's
 * username (`targetLabel`), a post's text and author (also for its reports' actions, with the report's reason), a
 * feedback's type and words.
 */
export const auditEntrySchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  admin: adminRefSchema,
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(['user', 'post', 'report', 'feedback']),
  targetId: z.string(),
  /** A member's username; null for other targets and for a deleted member. */
  targetLabel: z.string().nullable(),
  post: auditPostSchema.nullable(),
  reportReason: z.enum(REPORT_REASONS).nullable(),
  feedback: auditFeedbackSchema.nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
