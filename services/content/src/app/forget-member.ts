import { PostEngagementChanged } from '../contract/index.js';
import type { CallInfo, ContentContext } from './context.js';
import { removePost } from './posts.js';

/**
 * What a deleted member leaves in content goes: their posts with their media (each tombstone carries PostDeleted),
 * and their comments and likes on others' posts, whose counts go down with them. Safe to repeat: what is gone is
 * not found again.
 */
export async function forgetMember(context: ContentContext, userId: string, call: CallInfo): Promise<void> {
  const { posts, engagement } = context;
  for (const post of await posts.byAuthor(userId)) {
    await removePost(context, post, call);
  }
  // Neither what changed nor who: the event names no erased member, and feeds refresh the post whole.
  const changed = (postId: string) => [PostEngagementChanged.create(postId, { postId }, call.correlationId)];
  const { comments, likes } = await engagement.of(userId);
  for (const comment of comments) {
    if (await engagement.removeComment(comment._id)) {
      await posts.removeComment(comment, changed(comment.postId));
    }
  }
  // A run stopped between a comment's deletion and its post's update leaves a copy that the next run no longer
  // finds through the comments: the copies go by their writer too.
  await posts.dropCommentCopiesBy(userId);
  for (const like of likes) {
    if (await engagement.removeLike(like._id)) {
      await posts.update(like.postId, {}, { $inc: { likeCount: -1 } }, changed(like.postId));
    }
  }
}
