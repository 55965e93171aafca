import { adminKeys } from '@/api/query-keys';
import type { PushHandlers } from '@/realtime/push';

/** Admins only (the contract's admin push types): each refreshes the console's matching lists, its counts and stats. */
export const pushHandlers: PushHandlers = {
  events: {
    new_verification_pending: {
      invalidates: [adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats],
    },
    user_verification_updated: {
      invalidates: [adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats],
    },
    // Whether an address is confirmed shows in the verification queue and the users list.
    member_email_confirmed: { invalidates: [adminKeys.pendingUsers, adminKeys.users] },
    // A post decided or deleted: the pending list, and the reports that show it (or 'Post eliminato').
    post_approval_updated: {
      invalidates: [adminKeys.pendingPosts, adminKeys.reports, adminKeys.counts, adminKeys.stats],
    },
    new_feedback: { invalidates: [adminKeys.feedback, adminKeys.counts, adminKeys.stats] },
    feedback_updated: { invalidates: [adminKeys.feedback, adminKeys.counts, adminKeys.stats] },
    new_post_report: { invalidates: [adminKeys.reports, adminKeys.counts, adminKeys.stats] },
    post_report_updated: { invalidates: [adminKeys.reports, adminKeys.counts, adminKeys.stats] },
    // Another admin acted (credits, premium, tester flag...): the audit log and the users list change.
    admin_audit_updated: { invalidates: [adminKeys.audit, adminKeys.users] },
  },
};
