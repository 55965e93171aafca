import {
  followEvents,
  on,
  type EventBus,
  type EventEnvelope,
  type EventReaction,
  type Subscription,
} from '@tip/platform';
import { PostCreated, PostDecided, PostDeleted } from '@tip/content/contract';
import {
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  VerificationSubmitted,
  type UserProfilePayload,
} from '@tip/identity/contract';
import { MessageSent } from '@tip/messaging/contract';
import {
  CreditsDebited,
  CreditsForfeited,
  CreditsGranted,
  CreditsPurchased,
  CreditsRefunded,
  PremiumPurchased,
  type LedgerEntryPayload,
} from '@tip/wallet/contract';
import { PostQueueChanged, VerificationQueued } from '../contract/index.js';
import type { ModerationContext } from '../app/context.js';
import { forgetMember } from '../app/forget-member.js';

/*
 * Moderation's picture of the community, from the other services' events (each group reads its topic from the
 * start, so a new console sees the whole history). Every handler sets what its event says, so an event delivered
 * twice changes nothing, and the same log always rebuilds the same projections.
 */

/**
 * Users: who exists (totalUsers), who waits for a verification decision, and a deleted member's traces. A member who
 * waits once a write is done is told with VerificationQueued: the admins' pages ask for the queue when they hear it,
 * and find them in it (identity's events would reach them before this projection, or after).
 */
function users(context: ModerationContext): EventReaction[] {
  const { members } = context;
  const tellIfWaiting = (userId: string, { correlationId }: EventEnvelope) =>
    members.tellIfWaiting(userId, [VerificationQueued.create(userId, { userId }, correlationId)]);
  const profile = async (member: UserProfilePayload, event: EventEnvelope) => {
    await members.learn(member);
    await tellIfWaiting(member.userId, event);
  };
  return [
    on(UserRegistered, profile),
    on(ProfileUpdated, profile),
    on(VerificationSubmitted, async ({ userId, submittedAt, genderChange }, event) => {
      await members.photoSubmitted(userId, submittedAt, genderChange ?? null);
      await tellIfWaiting(userId, event);
    }),
    on(UserDeleted, async ({ userId, deletedAt }, event) => {
      await members.markDeleted(userId, deletedAt);
      await forgetMember(context, userId, event.correlationId);
    }),
  ];
}

/** Posts: how many exist (totalPosts) and which wait for approval, told with PostQueueChanged as for users. */
function posts(context: ModerationContext): EventReaction[] {
  const { posts } = context;
  const queueChanged = (postId: string, status: 'pending' | 'deleted', { correlationId }: EventEnvelope) => [
    PostQueueChanged.create(postId, { postId, status }, correlationId),
  ];
  return [
    on(PostCreated, async (post, event) => {
      await posts.learn(post);
      await posts.tellIfWaiting(post.postId, queueChanged(post.postId, 'pending', event));
    }),
    on(PostDecided, (post) => posts.statusChanged(post, post.status)),
    on(PostDeleted, (post, event) => posts.markDeleted(post, queueChanged(post.postId, 'deleted', event))),
  ];
}

/** Messages sent (totalMessages): one document per message id, nothing of what it says. */
function messages(context: ModerationContext): EventReaction[] {
  return [on(MessageSent, ({ messageId }) => context.figures.messageSent(messageId))];
}

/**
 * The ledger: entries per account (an account's sequence numbers have no gaps, so the last one is its count) and
 * card payments, credits or premium (revenue, once per payment). Transactions are the entries plus premium purchases,
 * which move money but no credits.
 */
function ledger(context: ModerationContext): EventReaction[] {
  const { figures } = context;
  const entry = ({ accountId, sequence }: LedgerEntryPayload) => figures.ledgerEntry(accountId, sequence);
  return [
    on(CreditsPurchased, async (payload) => {
      await entry(payload);
      await figures.payment(payload.paymentId, payload.amountCents, 'credits');
    }),
    on(PremiumPurchased, ({ paymentId, amountCents }) => figures.payment(paymentId, amountCents, 'premium')),
    on(CreditsDebited, entry),
    on(CreditsGranted, entry),
    on(CreditsRefunded, entry),
    on(CreditsForfeited, entry),
  ];
}

/**
 * Moderation's picture of the community, in one consumer group (each topic still read in its own order) from the
 * start of each topic.
 */
export function projectCommunity(context: ModerationContext, events: EventBus): Promise<Subscription> {
  return followEvents({
    events,
    group: 'moderation.projections',
    logger: context.logger,
    reactions: [...users(context), ...posts(context), ...messages(context), ...ledger(context)],
  });
}
