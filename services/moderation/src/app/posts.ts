import { DomainError, parseInput, PostDecisionMade } from '@tip/platform';
import { decisionSchema } from '../domain/index.js';
import type { CallInfo, ModerationContext } from './context.js';

/** Posts waiting for approval, oldest first. */
export async function pendingPosts(context: ModerationContext) {
  const waiting = await context.stores.posts.find({ status: 'pending', deleted: false }, { sort: { createdAt: 1 } });
  return waiting.map((post) => ({
    postId: post._id,
    authorId: post.authorId,
    category: post.category,
    createdAt: post.createdAt,
  }));
}

/** An admin's decision on a waiting post, stored with PostDecisionMade, which content applies. */
export async function decidePost(
  context: ModerationContext,
  input: { postId: string; status: string; reason: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status, reason } = parseInput(decisionSchema, input);
  const post = await context.stores.posts.findOne({ _id: input.postId, deleted: false });
  if (!post) throw new DomainError('NOT_FOUND', 'moderation.postNotFound');
  const decided = PostDecisionMade.create(
    post._id,
    { postId: post._id, status, ...(reason ? { reason } : {}), adminId: input.adminId },
    call.correlationId,
  );
  const stored = await context.stores.update(
    'posts',
    post._id,
    { status: 'pending', deleted: false },
    { $set: { status } },
    [decided],
  );
  if (!stored) throw new DomainError('FAILED_PRECONDITION', 'moderation.alreadyDecided');
}
