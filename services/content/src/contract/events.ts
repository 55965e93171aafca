import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/** Every content event is about one post and travels keyed by its id, so a post's events stay in order. */
export const CONTENT_POSTS_TOPIC = 'content.posts';

export const POST_CATEGORIES = ['melanzana', 'patate', 'trending'] as const;

const postFields = {
  postId: z.string(),
  authorId: z.string(),
  category: z.enum(POST_CATEGORIES),
};

/** A post was written: published at once, or waiting for a moderator (moderation's queue reads these). */
export const PostCreated = defineEvent({
  type: 'PostCreated',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({
    ...postFields,
    status: z.enum(['pending', 'approved']),
    isPremium: z.boolean(),
    hasMedia: z.boolean(),
    createdAt: z.string(),
  }),
});

/** A moderator approved or rejected a waiting post; names the admin, for the audit log. */
export const PostDecided = defineEvent({
  type: 'PostDecided',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({
    ...postFields,
    status: z.enum(['approved', 'rejected']),
    reason: z.string().optional(),
    adminId: z.string(),
  }),
});

/** A post is gone, with its media, likes and comments; `adminId` when an admin deleted it (anyone's, or their own). */
export const PostDeleted = defineEvent({
  type: 'PostDeleted',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({ ...postFields, adminId: z.string().optional() }),
});

/**
 * Likes or comments of a post changed (the feeds showing it fetch it again). `what` and `userId` came later, so a
 * consumer reads an event without them (and a member's erasure sends none) as both kinds changed, by no one in
 * particular; `liked` came later still, so a like's event without it may be either.
 */
export const PostEngagementChanged = defineEvent({
  type: 'PostEngagementChanged',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({
    postId: z.string(),
    what: z.enum(['likes', 'comments']).optional(),
    /** Who liked (or took the like back) or commented. */
    userId: z.string().optional(),
    /** For a like: whether it was given (true) or taken back (false); notifications tells the author of the first. */
    liked: z.boolean().optional(),
  }),
});

/** A member paid for a premium post (the wallet's CreditsDebited carries the money). */
export const PostUnlocked = defineEvent({
  type: 'PostUnlocked',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({ postId: z.string(), userId: z.string(), cost: z.number().int() }),
});

/**
 * A post's video was received and put in quarantine, where nothing serves it: the media worker's job. Ids only; the
 * post (status `processing`) says the rest.
 */
export const MediaUploaded = defineEvent({
  type: 'MediaUploaded',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({ postId: z.string(), authorId: z.string() }),
});

/** Which kind of upload the media worker had: events written before photos took this path were all videos. */
const uploadKind = z.enum(['image', 'video']).default('video');

/** The media worker made the post's photo or video into what is served; PostCreated follows in the same write. */
export const MediaProcessed = defineEvent({
  type: 'MediaProcessed',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({ postId: z.string(), authorId: z.string(), kind: uploadKind }),
});

/** The media worker refused the post's upload; `reason` is a key of content's catalogue ('content.videoTooLong'). */
export const MediaRejected = defineEvent({
  type: 'MediaRejected',
  version: 1,
  topic: CONTENT_POSTS_TOPIC,
  schema: z.object({ postId: z.string(), authorId: z.string(), reason: z.string(), kind: uploadKind }),
});

export type PostCreatedPayload = PayloadOf<typeof PostCreated>;
