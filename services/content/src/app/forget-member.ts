import { PostEngagementChanged } from '@tip/platform';
import type { CallInfo, ContentContext } from './context.js';
import { removePost } from './posts.js';

/**
 * What a deleted member leaves in content goes: their posts with their media (each tombstone carries PostDeleted),
 * and their comments and likes on others' posts, whose counts go down with them. Safe to repeat: what is gone is
 * not found again.
 */
export async function forgetMember(context: ContentContext, userId: string, call: CallInfo): Promise<void> {
  const { posts, engagement } = context;
  for (const post of await posts.collection.find({ authorId: userId, deleted: { $ne: true } })) {
    await removePost(context, post, call);
  }
  // Neither what changed nor who: the event names no erased member, and feeds refresh the post whole.
  const changed = (postId: string) => [PostEngagementChanged.create(postId, { postId }, call.correlationId)];
  for (const comment of await engagement.comments.find({ authorId: userId })) {
    if (await engagement.comments.deleteOne({ _id: comment._id })) {
      await posts.removeComment(comment, changed(comment.postId));
    }
  }
  // A run stopped between a comment's deletion and its post's update leaves a copy that the next run no longer
  // finds through the comments: the copies go by their writer too.
  await posts.collection.updateMany(
    { 'recentComments.authorId': userId },
    { $pull: { recentComments: { authorId: userId } } },
  );
  for (const like of await engagement.likes.find({ userId })) {
    if (await engagement.likes.deleteOne({ _id: like._id })) {
      await posts.update(like.postId, {}, { $inc: { likeCount: -1 } }, changed(like.postId));
    }
  }
}
