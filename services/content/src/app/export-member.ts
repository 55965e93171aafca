import type { MediaVariant } from '../domain/index.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { ContentContext } from './context.js';

export interface ContentExport {
  json: string;
  /** The media to put beside content.json, fetched through GetMedia by the member themself. */
  media: { postId: string; variant: MediaVariant; path: string }[];
}

/** The part after the `:` of a paid right's id (`<post>:<member>`, `<author>:<member>`) is the member. */
const before = (id: string) => id.slice(0, id.lastIndexOf(':'));

/**
 * The largest copy content keeps of a post's media, and where it goes in the archive. An image is kept re-encoded at
 * 1280 and 640 px plus a blurred teaser, all made from the upload (which is not kept): the 1280 px one stands for
 * them. A video is kept as the MP4 it was made into (a video posted before videos were processed: as it was sent).
 */
function mediaOf(post: PostDocument): ContentExport['media'][number] | null {
  if (!post.media) return null;
  if (post.media.kind === 'video') {
    const extension = post.media.videoType === 'video/webm' ? 'webm' : 'mp4';
    return { postId: post._id, variant: 'video', path: `media/posts/${post._id}.${extension}` };
  }
  return { postId: post._id, variant: 'image-1280', path: `media/posts/${post._id}.webp` };
}

/**
 * Everything content holds about the member, for their data export: their posts, waiting and rejected ones too (a
 * deleted post is gone: nothing of it is kept), the comments they wrote, what they liked, unlocked and whose Telegram
 * they revealed. Others' comments, likes and unlocks of the member's posts are the others' data: only their counts.
 */
export async function exportMember(context: ContentContext, userId: string): Promise<ContentExport> {
  const { posts, engagement } = context;
  const [own, { comments, likes, unlocks, reveals }] = await Promise.all([
    posts.byAuthor(userId),
    engagement.of(userId),
  ]);
  const media: ContentExport['media'] = [];
  const data = {
    posts: own.map((post) => {
      const file = mediaOf(post);
      if (file) media.push(file);
      return {
        id: post._id,
        content: post.content,
        category: post.category,
        status: post.status,
        rejectionReason: post.rejectionReason ?? null,
        isPremium: post.isPremium,
        creditCost: post.creditCost,
        showProfileData: post.showProfileData,
        showTelegramUsername: post.showTelegramUsername,
        createdAt: post.createdAt,
        media: file && post.media ? { kind: post.media.kind, file: file.path } : null,
        likeCount: post.likeCount,
        commentCount: post.commentCount,
        unlockCount: post.unlockCount ?? 0,
      };
    }),
    comments: comments.map((comment) => ({
      id: comment._id,
      postId: comment.postId,
      content: comment.content,
      createdAt: comment.createdAt,
    })),
    likes: likes.map((like) => ({ postId: like.postId, createdAt: like.createdAt })),
    unlocks: unlocks.map((unlock) => ({ postId: before(unlock._id), createdAt: unlock.createdAt })),
    telegramReveals: reveals.map((reveal) => ({ authorId: before(reveal._id), createdAt: reveal.createdAt })),
  };
  return { json: JSON.stringify(data, null, 2), media };
}
