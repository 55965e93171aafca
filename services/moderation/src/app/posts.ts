import { DomainError, parseInput } from '@tip/platform';
import { PostDecisionMade } from '../contract/index.js';
import { decisionSchema } from '../domain/index.js';
import { ownerApplied } from './owner-applied.js';
import { unlessGone } from './unless-gone.js';
import type { CallInfo, ModerationContext } from './context.js';
import { decisionsMade } from './figures.js';

/** Posts waiting for approval, oldest first. */
export async function pendingPosts(context: ModerationContext) {
  const waiting = await context.posts.waiting();
  return waiting.map((post) => ({
    postId: post._id,
    authorId: post.authorId,
    category: post.category,
    createdAt: post.createdAt,
  }));
}

/**
 * The post a decision is about, as moderation knows it; one it has not heard of yet (written a moment ago) as
 * content answers, taken in as its PostCreated will describe it.
 */
async function postToDecide(context: ModerationContext, postId: string, adminId: string) {
  const known = await context.posts.get(postId);
  if (known) return known;
  const post = (await context.content.GetPost({ postId, viewerId: adminId }).catch(unlessGone))?.post;
  if (!post) return null;
  await context.posts.learn({ ...post, postId });
  return context.posts.get(postId);
}

/**
 * An admin's decision on a waiting post: stored here with PostDecisionMade, in one write; content applies it from that
 * event (the one path: it arrives even when content is down at the moment), and the pages showing the post hear it.
 * The answer waits until content shows it, so that the admin's next page does.
 */
export async function decidePost(
  context: ModerationContext,
  input: { postId: string; status: string; reason: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status, reason } = parseInput(decisionSchema, input);
  const post = await postToDecide(context, input.postId, input.adminId);
  if (!post) throw new DomainError('NOT_FOUND', 'moderation.postNotFound');
  const decision = { postId: post._id, status, ...(reason ? { reason } : {}), adminId: input.adminId };
  const decided = PostDecisionMade.create(post._id, decision, call.correlationId);
  if (!(await context.posts.decide(post._id, status, [decided])))
    throw new DomainError('FAILED_PRECONDITION', 'moderation.alreadyDecided');
  decisionsMade.inc({ subject: 'post', status });
  await ownerApplied(context, { owner: 'content', id: post._id }, async () => {
    const { post: shown } = await context.content.GetPost({ postId: post._id, viewerId: input.adminId });
    return shown?.status === status;
  });
}
