import { mediaUrl } from '../domain/index.js';
import type { AuthorDocument } from '../infra/author-directory.js';
import type { CommentDocument } from '../infra/engagement.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { ContentContext } from './context.js';
import { isPremiumNow, seesWhole, type Viewer } from './viewer.js';

/** How many of the newest comments a feed item carries. */
export const COMMENTS_PER_ITEM = 3;

function authorView(author: AuthorDocument | undefined, id: string) {
  return {
    id,
    username: author?.username ?? '',
    firstName: author?.firstName ?? '',
    lastName: author?.lastName ?? '',
    profileImageUrl: author?.profileImageUrl ?? '',
    verificationStatus: author?.verificationStatus ?? 'unverified',
    isPremium: author ? isPremiumNow(author) : false,
  };
}

/**
 * An anonymous post (show profile data off) names its author to no one but the author and admins: not by the item's
 * author, nor by the post's author id, nor by their comments under it.
 */
export function seesAuthor(post: Pick<PostDocument, 'authorId' | 'showProfileData'>, viewer: Viewer): boolean {
  return post.showProfileData || viewer.isAdmin || post.authorId === viewer.id;
}

/** A comment under `post` as `viewer` sees it: the post's author writes anonymously where the post does. */
export function commentView(
  comment: CommentDocument,
  authors: Map<string, AuthorDocument>,
  post: Pick<PostDocument, 'authorId' | 'showProfileData'>,
  viewer: Viewer,
) {
  const byPostAuthor = comment.authorId === post.authorId;
  return {
    comment: { id: comment._id, content: comment.content, createdAt: comment.createdAt },
    author:
      byPostAuthor && !seesAuthor(post, viewer) ? null : authorView(authors.get(comment.authorId), comment.authorId),
    byPostAuthor,
  };
}

/**
 * A post as one viewer may see it. A premium post the viewer may not see whole keeps its content and media on the
 * server: the item carries the cost, and a blurred teaser of its image or of its video's poster.
 */
function postView(post: PostDocument, whole: boolean, viewer: Viewer) {
  const image = post.media?.kind === 'image' ? post.media : undefined;
  const video = post.media?.kind === 'video' ? post.media : undefined;
  return {
    id: post._id,
    authorId: seesAuthor(post, viewer) ? post.authorId : '',
    content: whole ? post.content : '',
    category: post.category,
    imageUrl: whole && image ? mediaUrl(post._id, 'image-1280', image.version) : '',
    imageThumbUrl: whole && image ? mediaUrl(post._id, 'image-640', image.version) : '',
    videoUrl: whole && video ? mediaUrl(post._id, 'video', video.version) : '',
    posterUrl: whole && video ? mediaUrl(post._id, 'poster', video.version) : '',
    isPremium: post.isPremium,
    creditCost: post.isPremium ? post.creditCost : 0,
    showProfileData: post.showProfileData,
    showTelegramUsername: post.showTelegramUsername,
    status: post.status,
    rejectionReason: post.rejectionReason ?? '',
    mediaProblem: post.mediaProblem ?? '',
    // Posts processed before photos took this path were videos.
    uploadKind: post.status === 'processing' || post.mediaProblem ? (post.uploadKind ?? 'video') : '',
    createdAt: post.createdAt,
    locked: !whole,
    teaserUrl: !whole && post.media ? mediaUrl(post._id, 'teaser', post.media.version) : '',
  };
}

const byCreatedAt = (a: CommentDocument, b: CommentDocument) => a.createdAt.localeCompare(b.createdAt);

/**
 * The newest comments of a post that the viewer may see, oldest first, from the copies the post keeps. They answer
 * when they hold enough the viewer may see, or every comment of the post; otherwise (copies hidden by blocks, erased,
 * or a post commented before posts kept them) the comments collection does.
 */
function newestComments(context: ContentContext, post: PostDocument, hidden: ReadonlySet<string>) {
  // A comment made while the start-up backfill copied the post's comments may be there twice.
  const copies = [...new Map((post.recentComments ?? []).map((copy) => [copy._id, copy])).values()];
  const visible = copies.filter((copy) => !hidden.has(copy.authorId)).sort(byCreatedAt);
  if (visible.length >= COMMENTS_PER_ITEM || copies.length >= post.commentCount) {
    return visible.slice(-COMMENTS_PER_ITEM);
  }
  return context.engagement.latestComments(post._id, COMMENTS_PER_ITEM, hidden);
}

/** Feed items for these posts, with what the viewer sees of each: one lookup per kind, not per post. */
export async function feedItems(context: ContentContext, posts: PostDocument[], viewer: Viewer) {
  const ids = posts.map((post) => post._id);
  const [liked, unlocked, latest] = await Promise.all([
    context.engagement.likedBy(viewer.id, ids),
    context.engagement.unlockedBy(viewer.id, ids),
    Promise.all(posts.map((post) => newestComments(context, post, viewer.hidden))),
  ]);
  const authors = await context.authors.many([
    ...posts.map((post) => post.authorId),
    ...latest.flat().map((comment) => comment.authorId),
  ]);
  return posts.map((post, index) => {
    const author = authors.get(post.authorId);
    const whole = seesWhole(post, viewer, unlocked.has(post._id));
    return {
      post: postView(post, whole, viewer),
      author: post.showProfileData ? authorView(author, post.authorId) : null,
      likeCount: post.likeCount,
      comments: (latest[index] ?? []).map((comment) => commentView(comment, authors, post, viewer)),
      commentCount: post.commentCount,
      isLiked: liked.has(post._id),
      unlocked: whole,
      hasTelegram: post.showTelegramUsername && Boolean(author?.hasTelegram),
    };
  });
}

export async function feedItem(context: ContentContext, post: PostDocument, viewer: Viewer) {
  const [item] = await feedItems(context, [post], viewer);
  if (!item) throw new TypeError('a feed item for one post');
  return item;
}
