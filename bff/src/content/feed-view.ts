import type { ContentCommentItem, ContentFeedItem } from '@tip/content/contract';
import {
  categorySchema,
  postSchema,
  postStatusSchema,
  verificationStatusSchema,
  type CommentItem,
  type FeedItem,
  type PostAuthor,
} from '../contract/index.js';
import type { EncodedItem } from './feed-pages.js';

const orNull = (value: string | undefined): string | null => (value ? value : null);

type Author = NonNullable<ContentFeedItem['author']>;

function authorJson(author: Author): PostAuthor {
  return {
    id: author.id,
    username: author.username,
    firstName: orNull(author.firstName),
    lastName: orNull(author.lastName),
    profileImageUrl: orNull(author.profileImageUrl),
    verificationStatus: verificationStatusSchema.parse(author.verificationStatus),
    isPremium: author.isPremium,
  };
}

/** A comment; `author` is null for the writer content keeps unnamed (an anonymous post's author, see byPostAuthor). */
export function commentJson(item: ContentCommentItem): CommentItem {
  const { comment, author } = item;
  return {
    comment: { id: comment?.id ?? '', content: comment?.content ?? '', createdAt: comment?.createdAt ?? '' },
    author: author
      ? {
          id: author.id,
          username: author.username,
          firstName: orNull(author.firstName),
          lastName: orNull(author.lastName),
          profileImageUrl: orNull(author.profileImageUrl),
        }
      : null,
    byPostAuthor: item.byPostAuthor,
  };
}

/**
 * A feed item as the REST API shows it (docs/product.md#the-api), empty values as null: an anonymous post's authorId
 * is null for anyone but its author and admins (content leaves it empty).
 */
export function feedItemJson(item: ContentFeedItem): FeedItem {
  const post = item.post;
  if (!post) throw new Error('content answered a feed item without its post');
  return {
    post: {
      id: post.id,
      authorId: orNull(post.authorId),
      content: post.content,
      category: categorySchema.parse(post.category),
      imageUrl: orNull(post.imageUrl),
      imageThumbUrl: orNull(post.imageThumbUrl),
      videoUrl: orNull(post.videoUrl),
      posterUrl: orNull(post.posterUrl),
      isPremium: post.isPremium,
      creditCost: post.creditCost,
      showProfileData: post.showProfileData,
      showTelegramUsername: post.showTelegramUsername,
      status: postStatusSchema.parse(post.status),
      rejectionReason: orNull(post.rejectionReason),
      mediaProblem: orNull(post.mediaProblem),
      uploadKind: post.uploadKind ? postSchema.shape.uploadKind.parse(post.uploadKind) : null,
      createdAt: post.createdAt,
      locked: post.locked,
      teaserUrl: orNull(post.teaserUrl),
    },
    author: item.author ? authorJson(item.author) : null,
    likeCount: item.likeCount,
    comments: item.comments.map(commentJson),
    commentCount: item.commentCount,
    isLiked: item.isLiked,
    unlocked: item.unlocked,
    hasTelegram: item.hasTelegram,
  };
}

/**
 * A feed item encoded for the pages the BFF keeps: `before`, the like count, `between`, the viewer's like and `after`
 * put together are the JSON of feedItemJson, byte for byte, so that a kept page takes a new count or like without
 * being rendered again.
 */
export function encodeFeedItem(item: ContentFeedItem): EncodedItem {
  const { post, author, likeCount, comments, commentCount, isLiked, ...rest } = feedItemJson(item);
  return {
    postId: post.id,
    likeCount,
    liked: isLiked,
    before: `${JSON.stringify({ post, author }).slice(0, -1)},"likeCount":`,
    between: `,${JSON.stringify({ comments, commentCount }).slice(1, -1)},"isLiked":`,
    after: `,${JSON.stringify(rest).slice(1)}`,
  };
}
