import {
  CreditsDebited,
  CreditsForfeited,
  CreditsGranted,
  CreditsPurchased,
  CreditsRefunded,
  followEvents,
  insertOnce,
  MessageSent,
  on,
  PostCreated,
  PostDecided,
  PostDeleted,
  PremiumPurchased,
  upsert,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  VerificationSubmitted,
  type EventBus,
  type EventReaction,
  type LedgerEntryPayload,
  type Subscription,
  type Collection,
  type UserProfilePayload,
} from '@tip/platform';
import type { ModerationContext } from '../app/context.js';
import { forgetMember } from '../app/forget-member.js';
import type { MemberDocument, PostDocument } from './stores.js';

/*
 * Moderation's picture of the community, from the other services' events (each group reads its topic from the
 * start, so a new console sees the whole history). Every handler sets what its event says, so an event delivered
 * twice changes nothing, and the same log always rebuilds the same projections.
 */

const newMember = (userId: string, registeredAt: string): MemberDocument => ({
  _id: userId,
  verificationStatus: 'unverified',
  isAdmin: false,
  registeredAt,
  submittedAt: null,
  genderChange: null,
  deleted: false,
});

/** Users: who exists (totalUsers), who waits for a verification decision, and a deleted member's traces. */
function users(context: ModerationContext): EventReaction[] {
  const { members } = context.stores;
  const profile = (member: UserProfilePayload) => learnMember(members, member);
  return [
    on(UserRegistered, profile),
    on(ProfileUpdated, profile),
    on(VerificationSubmitted, ({ userId, submittedAt, genderChange }) =>
      upsert(members, userId, { submittedAt, genderChange: genderChange ?? null }, () =>
        newMember(userId, submittedAt),
      ),
    ),
    on(UserDeleted, async ({ userId, deletedAt }, event) => {
      await upsert(members, userId, { deleted: true, submittedAt: null, genderChange: null }, () =>
        newMember(userId, deletedAt),
      );
      await forgetMember(context, userId, event.correlationId);
    }),
  ];
}

const newPost = (postId: string, authorId: string, category: string): PostDocument => ({
  _id: postId,
  authorId,
  category,
  status: 'pending',
  createdAt: new Date(0).toISOString(),
  deleted: false,
});

/** Takes in a member as identity describes them: its profile events, or its answer when moderation asks. */
export function learnMember(
  members: Collection<MemberDocument>,
  member: { userId: string; verificationStatus: string; isAdmin: boolean; createdAt: string },
) {
  const { userId, verificationStatus, isAdmin, createdAt } = member;
  return upsert(members, userId, { verificationStatus, isAdmin }, () => newMember(userId, createdAt));
}

/** Takes in a post as content describes it: its PostCreated, or its answer when moderation asks. */
export function learnPost(
  posts: Collection<PostDocument>,
  post: { postId: string; authorId: string; category: string; status: string; createdAt: string },
) {
  const { postId, authorId, category, status, createdAt } = post;
  return upsert(posts, postId, { status, createdAt }, () => newPost(postId, authorId, category));
}

/** Posts: how many exist (totalPosts) and which wait for approval. */
function posts(context: ModerationContext): EventReaction[] {
  const { posts } = context.stores;
  return [
    on(PostCreated, (post) => learnPost(posts, post)),
    on(PostDecided, ({ postId, authorId, category, status }) =>
      upsert(posts, postId, { status }, () => newPost(postId, authorId, category)),
    ),
    on(PostDeleted, ({ postId, authorId, category }) =>
      upsert(posts, postId, { deleted: true }, () => newPost(postId, authorId, category)),
    ),
  ];
}

/** Messages sent (totalMessages): one document per message id, nothing of what it says. */
function messages(context: ModerationContext): EventReaction[] {
  return [on(MessageSent, ({ messageId }) => insertOnce(context.stores.messages, { _id: messageId }))];
}

/**
 * The ledger: entries per account (an account's sequence numbers have no gaps, so the last one is its count) and
 * card payments, credits or premium (revenue, once per payment). Transactions are the entries plus premium purchases,
 * which move money but no credits.
 */
function ledger(context: ModerationContext): EventReaction[] {
  const { accounts, payments } = context.stores;
  const entry = async ({ accountId, sequence }: LedgerEntryPayload) => {
    if (await accounts.updateOne({ _id: accountId, entries: { $lt: sequence } }, { $set: { entries: sequence } }))
      return;
    await insertOnce(accounts, { _id: accountId, entries: sequence });
    await accounts.updateOne({ _id: accountId, entries: { $lt: sequence } }, { $set: { entries: sequence } });
  };
  return [
    on(CreditsPurchased, async (payload) => {
      await entry(payload);
      await insertOnce(payments, { _id: payload.paymentId, amountCents: payload.amountCents, kind: 'credits' });
    }),
    on(PremiumPurchased, ({ paymentId, amountCents }) =>
      insertOnce(payments, { _id: paymentId, amountCents, kind: 'premium' }),
    ),
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
