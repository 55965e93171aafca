import type { Category } from '@tip/content/domain';
import type { VerificationStatus } from '@/api/types';

export type PostCategory = Category;
/**
 * The categories a post belongs to (the sidebar's and the composer's): content's CATEGORIES, repeated here because
 * importing the domain's values would bring its zod schemas into the first page's bundle.
 */
export const POST_CATEGORIES = ['melanzana', 'patate', 'trending'] as const satisfies readonly Category[];

export type PostStatus = 'pending' | 'approved' | 'rejected';

/**
 * A post as this viewer may see it. A premium post the viewer has not unlocked is `locked`: no content and no
 * media, only a blurred `teaserUrl` when the post has an image.
 */
export type Post = {
  id: string;
  /** Null when the post does not show its author (anonymous), unless the viewer is its author or an admin. */
  authorId: string | null;
  content: string;
  category: PostCategory;
  /** The feed-size image (~1280 px wide). */
  imageUrl: string | null;
  /** The same image ~640 px wide. */
  imageThumbUrl: string | null;
  videoUrl: string | null;
  isPremium: boolean;
  creditCost: number;
  showProfileData: boolean;
  showTelegramUsername: boolean;
  status: PostStatus;
  rejectionReason: string | null;
  createdAt: string;
  locked: boolean;
  teaserUrl: string | null;
};

/** The public face of a member on a post or a comment. */
export type PostAuthor = {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  verificationStatus?: VerificationStatus;
  isPremium?: boolean;
};

export type PostComment = { id: string; content: string; createdAt: string };

/**
 * `author` is null when the comment's writer is gone (a deleted account), or is the author of an anonymous post
 * writing under it (`byPostAuthor`), whom the viewer may not know.
 */
export type CommentItem = { comment: PostComment; author: PostAuthor | null; byPostAuthor: boolean };

export type FeedItem = {
  post: Post;
  /** Null when the post does not show its author's profile. */
  author: PostAuthor | null;
  likeCount: number;
  /** The newest three, oldest first. */
  comments: CommentItem[];
  commentCount: number;
  isLiked: boolean;
  /** The viewer may see the post whole (author, admin, or unlocked). */
  unlocked: boolean;
  /** The author has a Telegram username to reveal. */
  hasTelegram: boolean;
};

/** One page of a feed; `nextCursor` is null at the end. */
export type FeedPage = { items: FeedItem[]; nextCursor: string | null };
