import { FeedbackDeleted } from '@tip/platform';
import type { ModerationContext } from './context.js';

/**
 * A deleted member leaves no trace here: their feedback goes (a tombstone carries FeedbackDeleted out), and their
 * reports stay, about the post, without naming them or keeping their words. Safe to repeat.
 */
export async function forgetMember(context: ModerationContext, userId: string, correlationId: string): Promise<void> {
  const { stores } = context;
  for (const feedback of await stores.feedback.find({ userId })) {
    const deleted = FeedbackDeleted.create(feedback._id, { feedbackId: feedback._id }, correlationId);
    await stores.update('feedback', feedback._id, {}, { $set: { deleted: true, userId: null, message: '' } }, [
      deleted,
    ]);
  }
  await stores.reports.updateMany(
    { reporterId: userId },
    { $set: { reporterId: null, description: '' }, $unset: { openKey: '' } },
  );
}
