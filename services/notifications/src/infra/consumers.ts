import {
  followEvents,
  on,
  type DeliveredEvent,
  type DocumentStore,
  type EventBus,
  type EventReaction,
  type Subscription,
} from '@tip/platform';
import {
  MediaProcessed,
  MediaRejected,
  PostCreated,
  PostDecided,
  PostDeleted,
  PostEngagementChanged,
  PostUnlocked,
} from '@tip/content/contract';
import {
  NewDeviceSignedIn,
  PremiumChanged,
  ProfileUpdated,
  UserBlocked,
  UserDeleted,
  UserRegistered,
  UserUnblocked,
  VerificationSubmitted,
} from '@tip/identity/contract';
import { MessagesRead, MessageSent } from '@tip/messaging/contract';
import { ReportFiled, ReportUpdated, VerificationDecided } from '@tip/moderation/contract';
import { CreditsDebited, CreditsGranted, CreditsPurchased, PremiumPurchased } from '@tip/wallet/contract';
import { SUBJECTS, type NotificationKind } from '../domain/index.js';
import type { NotificationsContext } from '../app/context.js';
import { forgetMember, forgetPost, separate } from '../app/forget.js';
import { notify, withdraw } from '../app/notify.js';
import { noLongerWaiting, REPORTS, toAdmins, VERIFICATIONS } from '../app/queues.js';
import { conversationRead } from '../app/read.js';

/** What the wallet's debits for a Telegram reveal name as their reference type (the author revealed is its id). */
const TELEGRAM_REFERENCE = 'telegram';

/** A report's final status in moderation (reports.ts): it no longer waits. */
const REPORT_RESOLVED = 'resolved';

/** The media worker's outcomes the author hears of: a photo takes a moment, which the composer's answer waits for. */
const isVideo = ({ kind }: { kind: string }) => kind === 'video';

/** Posts: whose each is, and what their authors are told of likes, comments, unlocks and decisions. */
function posts(context: NotificationsContext): EventReaction[] {
  const toAuthor = async (
    postId: string,
    kind: NotificationKind,
    actorId: string,
    event: DeliveredEvent,
  ): Promise<void> => {
    const authorId = await context.posts.authorOf(postId);
    if (authorId) await notify(context, { userId: authorId, kind, subject: postId, postId, actorId }, event);
  };
  return [
    on(PostCreated, ({ postId, authorId }) => context.posts.learn(postId, authorId)),
    on(PostDeleted, ({ postId }, event) => forgetPost(context, postId, event.correlationId)),
    on(PostEngagementChanged, async ({ postId, what, userId, liked }, event) => {
      // An erasure's recount names no one; a like from before `liked` was said cannot be told from its take-back.
      if (!userId || !what) return;
      if (what === 'comments') return toAuthor(postId, 'post_commented', userId, event);
      if (liked === true) return toAuthor(postId, 'post_liked', userId, event);
      if (liked === false) {
        const authorId = await context.posts.authorOf(postId);
        if (authorId) {
          const taken = { userId: authorId, kind: 'post_liked' as const, subject: postId, actorId: userId };
          await withdraw(context, taken, event.correlationId);
        }
      }
    }),
    on(PostUnlocked, ({ postId, userId }, event) => toAuthor(postId, 'post_unlocked', userId, event)),
    // The media worker's outcome for the author's video (the card says why a refused one was; the entry does not).
    on(
      MediaProcessed,
      ({ postId, authorId }, event) =>
        notify(context, { userId: authorId, kind: 'video_ready', subject: postId, postId, actorId: null }, event),
      isVideo,
    ),
    on(
      MediaRejected,
      ({ postId, authorId }, event) =>
        notify(context, { userId: authorId, kind: 'video_rejected', subject: postId, postId, actorId: null }, event),
      isVideo,
    ),
    on(PostDecided, ({ postId, authorId, status, reason }, event) =>
      notify(
        context,
        {
          userId: authorId,
          kind: status === 'approved' ? 'post_approved' : 'post_rejected',
          subject: postId,
          postId,
          actorId: null,
          ...(reason && { reason }),
        },
        event,
      ),
    ),
  ];
}

/** The ledger: a Telegram revealed, credits an admin added, a purchase confirmed, premium bought. */
function ledger(context: NotificationsContext): EventReaction[] {
  return [
    on(
      CreditsDebited,
      ({ userId, reference }, event) => {
        const revealed = { userId: reference.id, kind: 'telegram_revealed' as const, subject: SUBJECTS.telegram };
        return notify(context, { ...revealed, actorId: userId }, event);
      },
      // Every paid message's and unlock's debit comes by too.
      ({ reference }) => reference.type === TELEGRAM_REFERENCE,
    ),
    on(
      CreditsGranted,
      ({ userId, amount: credits }, event) =>
        notify(context, { userId, kind: 'credits_granted', subject: '', credits, actorId: null }, event),
      // A tester's own grant is no news to them; an admin may also take credits away, which is not 'added'.
      (grant) => grant.grant === 'admin' && grant.amount > 0,
    ),
    on(CreditsPurchased, ({ userId, amount: credits }, event) =>
      notify(context, { userId, kind: 'credits_purchased', subject: '', credits, actorId: null }, event),
    ),
    on(PremiumPurchased, ({ userId, months }, event) =>
      notify(context, { userId, kind: 'premium_purchased', subject: '', months, actorId: null }, event),
    ),
  ];
}

/**
 * Messages: one entry per conversation while unread. Through an anonymous post, the member is not told who its
 * author is: the author's messages name no one to them. A conversation read anywhere reads its notification.
 */
function messages(context: NotificationsContext): EventReaction[] {
  return [
    on(MessageSent, ({ conversation, senderId, recipientId, post }, event) =>
      notify(
        context,
        {
          userId: recipientId,
          kind: 'message_received',
          subject: conversation,
          actorId: senderId,
          ...(post && { postId: post.postId, anonymous: post.authorId === senderId }),
        },
        event,
      ),
    ),
    on(MessagesRead, ({ readerId, conversation }, event) =>
      conversationRead(context, { userId: readerId, conversation }, event.correlationId),
    ),
  ];
}

/**
 * Moderation: the member's verification decided, which no longer waits for the admins; the admins' summaries of
 * reported posts, which a resolution takes out.
 */
function moderation(context: NotificationsContext): EventReaction[] {
  return [
    on(VerificationDecided, async ({ userId, status, reason }, event) => {
      await noLongerWaiting(context, VERIFICATIONS, userId, event.correlationId);
      await notify(
        context,
        {
          userId,
          kind: status === 'approved' ? 'verification_approved' : 'verification_rejected',
          subject: '',
          actorId: null,
          ...(reason && { reason }),
        },
        event,
      );
    }),
    on(ReportFiled, ({ reporterId, postId }, event) =>
      toAdmins(context, REPORTS, { item: postId, about: reporterId }, event),
    ),
    on(
      ReportUpdated,
      ({ postId }, event) => noLongerWaiting(context, REPORTS, postId, event.correlationId),
      ({ status }) => status === REPORT_RESOLVED,
    ),
  ];
}

/**
 * Members: their names and pictures for the views, a sign-in from a new device, who the admins are, when their premium ends (premium-moments.ts
 * tells them), premium an admin granted (a revoke says nothing: the admin took it away, and the member sees it gone),
 * verifications waiting (the admins' summary), blocks, and erasure.
 */
function members(context: NotificationsContext): EventReaction[] {
  return [
    on(UserRegistered, (profile) => context.members.remember(profile)),
    on(ProfileUpdated, (profile) => context.members.remember(profile)),
    on(
      PremiumChanged,
      ({ userId, months }, event) =>
        notify(context, { userId, kind: 'premium_granted', subject: '', months, actorId: null }, event),
      ({ change }) => change === 'granted',
    ),
    on(VerificationSubmitted, ({ userId }, event) =>
      toAdmins(context, VERIFICATIONS, { item: userId, about: userId }, event),
    ),
    on(UserBlocked, async ({ blockerId, blockedId }, event) => {
      await context.blocks.add(blockerId, blockedId);
      await separate(context, blockerId, blockedId, event.correlationId);
    }),
    on(UserUnblocked, ({ blockerId, blockedId }) => context.blocks.remove(blockerId, blockedId)),
    on(UserDeleted, ({ userId }, event) => forgetMember(context, userId, event.correlationId)),
    on(NewDeviceSignedIn, ({ userId }, event) =>
      notify(context, { userId, kind: 'new_device_signed_in', subject: '', actorId: null }, event),
    ),
  ];
}

/**
 * What notifications hears, in one consumer group from the start of each topic (whose posts and members it learns
 * from the whole history; recency.ts keeps old events from telling anyone). Gathering an event into an entry is not
 * safe to repeat (a message counted twice, an entry read and made again), so the group remembers the events it
 * handled in `documents`.
 */
export function followTheCommunity(
  context: NotificationsContext,
  events: EventBus,
  documents: DocumentStore,
): Promise<Subscription> {
  return followEvents({
    events,
    group: 'notifications.events',
    logger: context.logger,
    once: documents,
    reactions: [
      ...posts(context),
      ...ledger(context),
      ...messages(context),
      ...moderation(context),
      ...members(context),
    ],
  });
}
