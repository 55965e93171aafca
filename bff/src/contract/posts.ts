import { z } from 'zod';
import { CATEGORIES } from '@tip/content/domain';
import { doneSchema, verificationStatusSchema } from './users.js';

export const categorySchema = z.enum(CATEGORIES);
/** `processing`: the author's own post while its video is made ready; no one else sees it yet. */
export const postStatusSchema = z.enum(['processing', 'pending', 'approved', 'rejected']);

/**
 * A post as this viewer may see it. A premium post the viewer has not unlocked is `locked`: no content and no media,
 * only a blurred `teaserUrl` when the post has an image or a video (its poster, blurred).
 */
export const postSchema = z.strictObject({
  id: z.string(),
  /** Null when the post does not show its author (anonymous), unless the viewer is its author or an admin. */
  authorId: z.string().nullable(),
  content: z.string(),
  category: categorySchema,
  /** The feed-size image (~1280 px wide). */
  imageUrl: z.string().nullable(),
  /** The same image ~640 px wide. */
  imageThumbUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  /** The video's first frame (WebP), for `<video poster>`: the feed loads the video only when it plays. */
  posterUrl: z.string().nullable(),
  isPremium: z.boolean(),
  creditCost: z.number().int(),
  showProfileData: z.boolean(),
  showTelegramUsername: z.boolean(),
  status: postStatusSchema,
  rejectionReason: z.string().nullable(),
  /** Why its video was refused, as a key of content's catalogue (the web's `messages` namespace says it). */
  mediaProblem: z.string().nullable(),
  /** What its author uploaded, while it is processed or once it was refused (its author's card says which). */
  uploadKind: z.enum(['image', 'video']).nullable(),
  createdAt: z.string(),
  locked: z.boolean(),
  teaserUrl: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** The public face of a member on a post or a comment. */
export const postAuthorSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  verificationStatus: verificationStatusSchema.optional(),
  isPremium: z.boolean().optional(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const postCommentSchema = z.strictObject({ id: z.string(), content: z.string(), createdAt: z.string() });
export type PostComment = z.infer<typeof postCommentSchema>;

/**
 * `author` is null when the comment's writer is gone (a deleted account), or is the author of an anonymous post
 * writing under it (`byPostAuthor`), whom the viewer may not know.
 */
export const commentItemSchema = z.strictObject({
  comment: postCommentSchema,
  author: postAuthorSchema.nullable(),
  byPostAuthor: z.boolean(),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

/** POST /api/posts/:id/comments (201): the comment as the post shows it, and what to tell its writer. */
export const commentAddedSchema = commentItemSchema.extend({ message: z.string() });
export type CommentAdded = z.infer<typeof commentAddedSchema>;

export const feedItemSchema = z.strictObject({
  post: postSchema,
  /** Null when the post does not show its author's profile. */
  author: postAuthorSchema.nullable(),
  likeCount: z.number().int(),
  /** The newest few, oldest first. */
  comments: z.array(commentItemSchema),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  /** The viewer may see the post whole (author, admin, or unlocked). */
  unlocked: z.boolean(),
  /** The author has a Telegram username to reveal. */
  hasTelegram: z.boolean(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/**
 * GET /api/feed (all categories, or `?category=`): one page, newest first. The next page's cursor comes in the
 * X-Next-Cursor header, absent on the last page.
 */
export const feedPageSchema = z.array(feedItemSchema);
export type FeedPage = z.infer<typeof feedPageSchema>;

/**
 * POST /api/posts (201): published at once (approved), waiting for a moderator (pending), or its video being made
 * ready first (processing), as its author sees it.
 */
export const postCreatedSchema = doneSchema.extend({
  status: z.enum(['processing', 'pending', 'approved']),
  item: feedItemSchema,
});
export type PostCreated = z.infer<typeof postCreatedSchema>;

/** POST /api/posts/:id/like. */
export const likeStateSchema = z.strictObject({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** GET /api/posts/:id/unlocked: whether the viewer may see the post whole. */
export const unlockStateSchema = z.strictObject({ unlocked: z.boolean() });
export type UnlockState = z.infer<typeof unlockStateSchema>;

/** POST /api/posts/:id/unlock: the post whole, what it cost this request, and the balance after. */
export const unlockResultSchema = z.strictObject({
  unlocked: z.literal(true),
  charged: z.number().int(),
  credits: z.number().int(),
  message: z.string(),
  item: feedItemSchema,
});
export type UnlockResult = z.infer<typeof unlockResultSchema>;

/** POST /api/posts/:id/telegram. */
export const telegramRevealSchema = z.strictObject({
  telegramUsername: z.string(),
  charged: z.number().int(),
  credits: z.number().int(),
});
export type TelegramReveal = z.infer<typeof telegramRevealSchema>;
