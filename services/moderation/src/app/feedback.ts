import { randomUUID } from 'node:crypto';
import { DomainError, parseInput } from '@tip/platform';
import { FeedbackDeleted, FeedbackReceived, FeedbackUpdated } from '../contract/index.js';
import { feedbackSchema, feedbackStatusSchema } from '../domain/index.js';
import type { FeedbackDocument } from '../infra/feedback-box.js';
import type { CallInfo, ModerationContext } from './context.js';

/** A member's feedback (type and message checked here, whatever the caller sent). */
export async function submitFeedback(
  context: ModerationContext,
  input: { userId: string; type: string; message: string },
  call: CallInfo,
): Promise<{ feedbackId: string }> {
  const { type, message } = parseInput(feedbackSchema, { type: input.type || undefined, message: input.message });
  const feedback: FeedbackDocument = {
    _id: randomUUID(),
    userId: input.userId,
    type,
    message,
    status: 'pending',
    createdAt: new Date().toISOString(),
    deleted: false,
  };
  const received = FeedbackReceived.create(
    feedback._id,
    { feedbackId: feedback._id, type, receivedAt: feedback.createdAt },
    call.correlationId,
  );
  await context.feedback.receive(feedback, [received]);
  return { feedbackId: feedback._id };
}

/** Every feedback, newest first. */
export async function listFeedback(context: ModerationContext) {
  const items = await context.feedback.kept();
  return items.map((item) => ({
    id: item._id,
    userId: item.userId ?? '',
    type: item.type,
    message: item.message,
    status: item.status,
    createdAt: item.createdAt,
  }));
}

export async function setFeedbackStatus(
  context: ModerationContext,
  input: { feedbackId: string; status: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status } = parseInput(feedbackStatusSchema, input);
  const updated = FeedbackUpdated.create(
    input.feedbackId,
    { feedbackId: input.feedbackId, status, adminId: input.adminId },
    call.correlationId,
  );
  const stored = await context.feedback.setStatus(input.feedbackId, status, [updated]);
  if (!stored) throw new DomainError('NOT_FOUND', 'moderation.feedbackNotFound');
}

/** An admin deletes feedback: its words go at once; the tombstone carries FeedbackDeleted out. */
export async function deleteFeedback(
  context: ModerationContext,
  input: { feedbackId: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const deleted = FeedbackDeleted.create(
    input.feedbackId,
    { feedbackId: input.feedbackId, adminId: input.adminId },
    call.correlationId,
  );
  const stored = await context.feedback.delete(input.feedbackId, [deleted]);
  if (!stored) throw new DomainError('NOT_FOUND', 'moderation.feedbackNotFound');
}
