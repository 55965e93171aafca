import type { Gender, Orientation, PremiumSource } from '@/api/types';

/** A verification as the console sees it; 'unverified': no photo submitted yet. */
export type AdminVerificationStatus = 'unverified' | 'pending' | 'approved' | 'rejected';

/** A user as the admin console shows them (GET /api/admin/users, /api/admin/pending-users). */
export type AdminUser = {
  id: string;
  username: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  gender: Gender | null;
  sexualOrientation: Orientation | null;
  region: string | null;
  city: string | null;
  age: number | null;
  createdAt: string;
  credits: number;
  isAdmin: boolean;
  isTester: boolean;
  /** verificationStatus === 'approved'. */
  isVerified: boolean;
  verificationStatus: AdminVerificationStatus;
  /** GET-able by admins; opens in a new tab. */
  verificationImageUrl: string | null;
  verificationRejectionReason: string | null;
  premiumSubscriptionExpiry: string | null;
  premiumSource: PremiumSource | null;
  isPremium: boolean;
};

/**
 * A member waiting in 'Utenti in Attesa': with the gender an approval established and the one chosen since, when
 * an approved member changed it (the photo is to be checked against the new one).
 */
export type PendingUser = AdminUser & { genderChange: { from: Gender; to: Gender } | null };

export type AdminAuthor = { id: string; username: string | null };

/** A post as the console shows it (pending, or the subject of reports). */
export type PostSummary = {
  id: string;
  title: string | null;
  content: string;
  imageUrl: string | null;
  videoUrl: string | null;
  category: string;
  createdAt: string;
  isPremium: boolean;
  creditCost: number;
  author: AdminAuthor;
};

/** GET /api/admin/pending-posts, oldest first. */
export type PendingPostItem = { post: PostSummary; author: AdminAuthor };

export type ReportStatus = 'pending' | 'in_review' | 'resolved';
export type ReportReason = 'spam' | 'inappropriate' | 'harassment' | 'fake' | 'copyright' | 'other';

export type PostReport = {
  id: string;
  reason: ReportReason;
  description: string | null;
  status: ReportStatus;
  adminNotes: string | null;
  createdAt: string;
  reporter: AdminAuthor;
};

/** The reports of one post (GET /api/admin/reports), newest activity first; `id` is the report id to PUT. */
export type ReportGroup = {
  id: string;
  postId: string;
  /** null: the post was deleted ('Post eliminato'). */
  post: PostSummary | null;
  /** pending if any report is pending, else in_review if any is, else resolved. */
  status: ReportStatus;
  reportCount: number;
  /** The newest report's date. */
  createdAt: string;
  adminNotes: string | null;
  reviewer: AdminAuthor | null;
  reports: PostReport[];
};

export type FeedbackType = 'bug' | 'feature' | 'improvement' | 'complaint' | 'compliment' | 'other';
export type FeedbackStatus = 'pending' | 'in_review' | 'resolved';

/** GET /api/feedback (admins), newest first; `user` null: the author's account is gone. */
export type FeedbackItem = {
  id: string;
  type: FeedbackType;
  message: string;
  status: FeedbackStatus;
  createdAt: string;
  user: AdminAuthor | null;
};

export type AdminStats = {
  totalUsers: number;
  totalPosts: number;
  totalMessages: number;
  totalTransactions: number;
  pendingPosts: number;
  pendingVerifications: number;
  openReports: number;
  openFeedback: number;
  revenueCents: number;
};

export type VerificationFilter = 'all' | 'verified' | 'pending' | 'rejected';
export type RoleFilter = 'all' | 'admin' | 'tester' | 'user';

export type UsersQuery = {
  search: string;
  verification: VerificationFilter;
  role: RoleFilter;
  page: number;
  limit: number;
};

export type UsersPage = { users: AdminUser[]; total: number; page: number; limit: number };

export type AuditAction =
  | 'verification_approved'
  | 'verification_rejected'
  | 'post_approved'
  | 'post_rejected'
  | 'post_deleted'
  | 'user_deleted'
  | 'credits_adjusted'
  | 'premium_granted'
  | 'premium_revoked'
  | 'tester_granted'
  | 'tester_revoked'
  | 'report_in_review'
  | 'report_resolved'
  | 'feedback_status_changed'
  | 'feedback_deleted';

export type AuditEntry = {
  id: string;
  at: string;
  admin: AdminAuthor;
  action: AuditAction;
  targetType: 'user' | 'post' | 'report' | 'feedback';
  targetId: string;
  targetLabel: string | null;
  reason: string | null;
  detail: string | null;
};

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

export type AuditFilters = { adminId: string; targetId: string };

export type ActionAnswer = { success: boolean; message: string };
