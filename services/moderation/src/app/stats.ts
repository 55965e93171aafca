import type { ModerationContext } from './context.js';

/** The console's figures, counted in moderation's own projections of the other services' events. */
export async function stats(context: ModerationContext) {
  const { members, posts, reports, feedback, figures } = context;
  const [totalUsers, totalPosts, totalMessages, ledger, pendingPosts, pendingVerifications, openReports, openFeedback] =
    await Promise.all([
      members.countExisting(),
      posts.countExisting(),
      figures.countMessages(),
      figures.ledger(),
      posts.countWaiting(),
      members.countWaiting(),
      reports.countReportedPosts(),
      feedback.countOpen(),
    ]);
  return {
    totalUsers,
    totalPosts,
    totalMessages,
    // Premium purchases move money but no credits: they are transactions of their own.
    totalTransactions: ledger.entries + ledger.premiumPurchases,
    pendingPosts,
    pendingVerifications,
    openReports,
    openFeedback,
    revenueCents: ledger.revenueCents,
  };
}
