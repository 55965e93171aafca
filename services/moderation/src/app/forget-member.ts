import { FeedbackDeleted } from '../contract/index.js';
import type { ModerationContext } from './context.js';

/**
 * A deleted member leaves no trace here: their feedback goes (a tombstone carries FeedbackDeleted out), and their
 * reports stay, about the post, without naming them or keeping their words. Safe to repeat.
 */
export async function forgetMember(context: ModerationContext, userId: string, correlationId: string): Promise<void> {
  const { feedback, reports } = context;
  for (const feedbackId of await feedback.idsSentBy(userId)) {
    await feedback.erase(feedbackId, [FeedbackDeleted.create(feedbackId, { feedbackId }, correlationId)]);
  }
  await reports.forgetReporter(userId);
}
