import { DomainError } from '@tip/platform';
import { PostUnlocked } from '../contract/index.js';
import { TELEGRAM_REVEAL_COST } from '../domain/index.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { CallInfo, ContentContext } from './context.js';
import { feedItem } from './feed-items.js';
import { visiblePost } from './posts.js';
import { seesWhole, viewerOf, type Viewer } from './viewer.js';

/** What a debit pays for: the post unlocked, or the author whose Telegram is revealed. */
export const UNLOCK_REFERENCE = 'post';
export const TELEGRAM_REFERENCE = 'telegram';

/**
 * What a paid action took: nothing, or the wallet's debit (`charged` 0 when it repeats one already made), with the
 * balance its entry (`sequence`) left.
 */
export interface Charge {
  debited: boolean;
  charged: number;
  balance: number;
  sequence: number;
}

/**
 * Has the wallet take `cost` from the viewer, keyed so that a repeated click is charged once; nothing when the cost
 * is 0. A refused debit (PAYMENT_REQUIRED) is thrown before anything is granted.
 */
async function charge(
  context: ContentContext,
  viewerId: string,
  price: { cost: number; idempotencyKey: string; reference: { type: string; id: string } },
): Promise<Charge> {
  if (price.cost === 0) return { debited: false, charged: 0, balance: 0, sequence: 0 };
  const { balance, replayed, entry } = await context.wallet.Debit({
    userId: viewerId,
    amount: price.cost,
    reference: price.reference,
    idempotencyKey: price.idempotencyKey,
    actorId: viewerId,
  });
  return { debited: true, charged: replayed ? 0 : price.cost, balance, sequence: entry?.sequence ?? 0 };
}

/** Records the member's unlock of a premium post once, with its PostUnlocked and the post's count. */
async function grantUnlock(context: ContentContext, post: PostDocument, userId: string, correlationId: string) {
  if (!(await context.engagement.grantUnlock(post._id, userId))) return;
  const unlocked = PostUnlocked.create(post._id, { postId: post._id, userId, cost: post.creditCost }, correlationId);
  await context.posts.update(post._id, {}, { $inc: { unlockCount: 1 } }, [unlocked]);
}

/**
 * Unlocks a premium post: its price once (nothing for its author, an admin, or someone who already paid), then the
 * unlock recorded. Safe to repeat. Answers the post, whole, and what was taken.
 */
export async function unlock(context: ContentContext, input: { postId: string; viewerId: string }, call: CallInfo) {
  const viewer = await viewerOf(context, input.viewerId);
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  const post = await visiblePost(context, input.postId, viewer);
  if (!post.isPremium) throw new DomainError('FAILED_PRECONDITION', 'content.notPremium');
  const paid = (await context.engagement.unlockedBy(viewer.id, [post._id])).has(post._id);
  const taken = await charge(context, viewer.id, {
    cost: seesWhole(post, viewer, paid) ? 0 : post.creditCost,
    idempotencyKey: `unlock:${post._id}:${viewer.id}`,
    reference: { type: UNLOCK_REFERENCE, id: post._id },
  });
  if (!seesWhole(post, viewer, false)) await grantUnlock(context, post, viewer.id, call.correlationId);
  return { item: await feedItem(context, post, viewer), charge: taken };
}

export async function isUnlocked(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  const post = await visiblePost(context, input.postId, viewer);
  const paid = (await context.engagement.unlockedBy(viewer.id, [post._id])).has(post._id);
  return { unlocked: seesWhole(post, viewer, paid) };
}

/** The author whose Telegram a post offers, or a refusal when it offers none. */
async function telegramOffer(context: ContentContext, viewer: Viewer, postId: string) {
  const post = await visiblePost(context, postId, viewer);
  const author = await context.authors.get(post.authorId);
  if (!post.showTelegramUsername || !author?.hasTelegram) {
    throw new DomainError('FAILED_PRECONDITION', 'content.noTelegram');
  }
  if (post.authorId === viewer.id) throw new DomainError('INVALID_ARGUMENT', 'content.contactSelf');
  return author;
}

/**
 * Reveals the Telegram handle a post offers: 2 credits once per viewer and author (admins pay nothing), then the
 * reveal recorded. Answers the author, whose handle the caller asks identity for.
 */
export async function revealTelegram(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  const author = await telegramOffer(context, viewer, input.postId);
  const revealed = await context.engagement.hasRevealed(author._id, viewer.id);
  const taken = await charge(context, viewer.id, {
    cost: revealed || viewer.isAdmin ? 0 : TELEGRAM_REVEAL_COST,
    idempotencyKey: `telegram:${author._id}:${viewer.id}`,
    reference: { type: TELEGRAM_REFERENCE, id: author._id },
  });
  await context.engagement.grantReveal(author._id, viewer.id);
  return { authorId: author._id, charge: taken };
}

/**
 * Grants what a debit paid for, should content have stopped between the debit and the grant (the wallet's
 * CreditsDebited): a debit never stays without its unlock or reveal. A grant already recorded is left alone, and a
 * post deleted since has nothing left to unlock.
 */
export async function grantPaid(
  context: ContentContext,
  debit: { userId: string; reference: { type: string; id: string } },
  correlationId: string,
) {
  const { userId, reference } = debit;
  if (reference.type === TELEGRAM_REFERENCE) {
    await context.engagement.grantReveal(reference.id, userId);
  } else if (reference.type === UNLOCK_REFERENCE) {
    const post = await context.posts.get(reference.id).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (post) await grantUnlock(context, post, userId, correlationId);
  }
}
