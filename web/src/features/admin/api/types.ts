/**
 * The admin console's answers, as the BFF's contract defines them (bff/src/contract/admin.ts), and the console's own
 * query shapes.
 */
import type { AdminRef, AuditEntry, FeedbackItem, PostReport, ReportGroup } from '@tip/bff/contract';

export type {
  AdminCounts,
  AdminStats,
  AdminUser,
  AuditEntry,
  AuditPage,
  AuditPost,
  Done,
  FeedbackItem,
  PendingUser,
  PostReport,
  PostDecided,
  PostSummary,
  PremiumGranted,
  ReportGroup,
  TestData,
  TesterSet,
  UsersPage,
  VerificationDecided,
} from '@tip/bff/contract';
export type { PendingPost as PendingPostItem } from '@tip/bff/contract';

/** `{ id, username }` of a user in the console's lists (a deleted user's username is null). */
export type AdminAuthor = AdminRef;

export type ReportStatus = ReportGroup['status'];
export type ReportReason = PostReport['reason'];
export type FeedbackType = FeedbackItem['type'];
export type FeedbackStatus = FeedbackItem['status'];
export type AuditAction = AuditEntry['action'];

export type VerificationFilter = 'all' | 'verified' | 'pending' | 'rejected';
export type RoleFilter = 'all' | 'admin' | 'tester' | 'user';

export type UsersQuery = {
  search: string;
  verification: VerificationFilter;
  role: RoleFilter;
  page: number;
  limit: number;
};

export type AuditFilters = { adminId: string; targetId: string };
