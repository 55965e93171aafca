import { DomainError, PostUnlocked } from '@tip/platform';
import { TELEGRAM_REVEAL_COST } from '../domain/index.js';
import { Engagement, revealId, unlockId } from '../infra/engagement.js';
import type { CallInfo, ContentContext } from './context.js';
import { feedItem } from './feed-items.js';
import { visiblePost } from './posts.js';
import { seesWhole, viewerOf } from './viewer.js';

/**
 * What unlocking a premium post costs this viewer: its price once, nothing for its author, an admin, or someone
 * who already paid. The BFF debits the wallet with this key (so twenty clicks are charged once) and then records.
 */
export async function prepareUnlock(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  const post = await visiblePost(context, input.postId, viewer);
  if (!post.isPremium) throw new DomainError('FAILED_PRECONDITION', 'content.notPremium');
  const paid = (await context.engagement.unlockedBy(viewer.id, [post._id])).has(post._id);
  return {
    cost: seesWhole(post, viewer, paid) ? 0 : post.creditCost,
    idempotencyKey: `unlock:${post._id}:${viewer.id}`,
    referenceType: 'post',
    referenceId: post._id,
  };
}

/** Grants the unlock the viewer paid for (or needed not pay for); safe to repeat. Answers the post, whole. */
export async function recordUnlock(
  context: ContentContext,
  input: { postId: string; viewerId: string },
  call: CallInfo,
) {
  const viewer = await viewerOf(context, input.viewerId);
  const post = await visiblePost(context, input.postId, viewer);
  if (!seesWhole(post, viewer, false)) {
    const recorded = await Engagement.grant(context.engagement.unlocks, unlockId(post._id, viewer.id), viewer.id);
    if (recorded) {
      const unlocked = PostUnlocked.create(
        post._id,
        { postId: post._id, userId: viewer.id, cost: post.creditCost },
        call.correlationId,
      );
      await context.posts.update(post._id, {}, { $inc: { unlockCount: 1 } }, [unlocked]);
    }
  }
  return feedItem(context, post, viewer);
}

export async function isUnlocked(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  const post = await visiblePost(context, input.postId, viewer);
  const paid = (await context.engagement.unlockedBy(viewer.id, [post._id])).has(post._id);
  return { unlocked: seesWhole(post, viewer, paid) };
}

/** The author whose Telegram a post offers, or a refusal when it offers none. */
async function telegramOffer(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  const post = await visiblePost(context, input.postId, viewer);
  const author = await context.authors.get(post.authorId);
  if (!post.showTelegramUsername || !author?.hasTelegram) {
    throw new DomainError('FAILED_PRECONDITION', 'content.noTelegram');
  }
  if (post.authorId === viewer.id) throw new DomainError('INVALID_ARGUMENT', 'content.contactSelf');
  return { viewer, author };
}

/** Revealing an author's Telegram costs 2 credits once per viewer and author (admins pay nothing). */
export async function prepareTelegramReveal(context: ContentContext, input: { postId: string; viewerId: string }) {
  const { viewer, author } = await telegramOffer(context, input);
  const revealed = await context.engagement.reveals.findOne({ _id: revealId(author._id, viewer.id) });
  return {
    cost: revealed || viewer.isAdmin ? 0 : TELEGRAM_REVEAL_COST,
    idempotencyKey: `telegram:${author._id}:${viewer.id}`,
    referenceType: 'telegram',
    referenceId: author._id,
  };
}

/** Records the reveal (once paid); the caller then asks identity for the handle of the author it names. */
export async function recordTelegramReveal(context: ContentContext, input: { postId: string; viewerId: string }) {
  const { viewer, author } = await telegramOffer(context, input);
  await Engagement.grant(context.engagement.reveals, revealId(author._id, viewer.id), viewer.id);
  return { authorId: author._id };
}
