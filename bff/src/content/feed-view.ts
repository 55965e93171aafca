import type { ContentCommentItem, ContentFeedItem } from '@tip/platform';

const orNull = (value: string | undefined): string | null => (value ? value : null);

type Author = NonNullable<ContentFeedItem['author']>;

function authorJson(author: Author) {
  return {
    id: author.id,
    username: author.username,
    firstName: orNull(author.firstName),
    lastName: orNull(author.lastName),
    profileImageUrl: orNull(author.profileImageUrl),
    verificationStatus: author.verificationStatus,
    isPremium: author.isPremium,
  };
}

/** A comment; `author` is null for the writer content keeps unnamed (an anonymous post's author, see byPostAuthor). */
export function commentJson(item: ContentCommentItem) {
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
export function feedItemJson(item: ContentFeedItem) {
  const post = item.post;
  return {
    post: post && {
      id: post.id,
      authorId: orNull(post.authorId),
      content: post.content,
      category: post.category,
      imageUrl: orNull(post.imageUrl),
      imageThumbUrl: orNull(post.imageThumbUrl),
      videoUrl: orNull(post.videoUrl),
      isPremium: post.isPremium,
      creditCost: post.creditCost,
      showProfileData: post.showProfileData,
      showTelegramUsername: post.showTelegramUsername,
      status: post.status,
      rejectionReason: orNull(post.rejectionReason),
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
