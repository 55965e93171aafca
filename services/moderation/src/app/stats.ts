import type { ModerationContext } from './context.js';

/** The console's figures, counted in moderation's own projections of the other services' events. */
export async function stats(context: ModerationContext) {
  const { members, posts, messages, accounts, payments, reports, feedback } = context.stores;
  const [totalUsers, totalPosts, totalMessages, ledger, paid, pendingPosts, pendingVerifications, open, openFeedback] =
    await Promise.all([
      members.count({ deleted: false }),
      posts.count({ deleted: false }),
      messages.count({}),
      accounts.find({}),
      payments.find({}),
      posts.count({ status: 'pending', deleted: false }),
      members.count({ verificationStatus: 'pending', deleted: false }),
      reports.find({ status: { $in: ['pending', 'in_review'] } }),
      feedback.count({ deleted: false, status: { $ne: 'resolved' } }),
    ]);
  const entries = ledger.reduce((sum, account) => sum + account.entries, 0);
  return {
    totalUsers,
    totalPosts,
    totalMessages,
    totalTransactions: entries + paid.filter((payment) => payment.kind === 'premium').length,
    pendingPosts,
    pendingVerifications,
    openReports: new Set(open.map((report) => report.postId)).size,
    openFeedback,
    revenueCents: paid.reduce((sum, payment) => sum + payment.amountCents, 0),
  };
}
