import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import { PostEngagementChanged } from '../contract/index.js';
import { commentSchema } from '../domain/index.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { CallInfo, ContentContext } from './context.js';
import { commentView } from './feed-items.js';
import { FEED_MAX_PAGE, visiblePost } from './posts.js';
import { viewerOf, type Viewer } from './viewer.js';

function assertMayEngage(viewer: Viewer, refusalKey: string): void {
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', refusalKey);
}

/**
 * Says what changed and by whom, so that feeds refresh the counts alone for a like, and the pages for a comment; for
 * a like, whether it was given or taken back.
 */
const engagementChanged = (
  post: PostDocument,
  change: { what: 'comments' } | { what: 'likes'; liked: boolean },
  userId: string,
  call: CallInfo,
) => PostEngagementChanged.create(post._id, { postId: post._id, ...change, userId }, call.correlationId);

/** Likes the post, or takes the like back: one like per member and post, and the count moves by exactly that. */
export async function toggleLike(context: ContentContext, input: { postId: string; viewerId: string }, call: CallInfo) {
  const viewer = await viewerOf(context, input.viewerId);
  assertMayEngage(viewer, 'content.likeNotApproved');
  const post = await visiblePost(context, input.postId, viewer);
  const { liked, changed } = await context.engagement.toggleLike(post._id, viewer.id);
  if (!changed) return { liked, likeCount: post.likeCount };
  const counted = await context.posts.update(post._id, {}, { $inc: { likeCount: liked ? 1 : -1 } }, [
    engagementChanged(post, { what: 'likes', liked }, viewer.id, call),
  ]);
  return { liked, likeCount: counted?.likeCount ?? post.likeCount };
}

/** The BFF asks for the posts of one feed page at a time. */
const countsRequestSchema = z.object({
  postIds: z.array(z.string().max(64)).max(FEED_MAX_PAGE),
  viewerId: z.string().max(64).optional(),
});

/**
 * How many likes and comments these posts have, as anyone sees them (the counts on the post), and, for a viewer,
 * whether they like each: what a kept feed page merges in without being rendered again. A post that is gone is
 * left out.
 */
export async function postCounts(context: ContentContext, input: { postIds: string[]; viewerId?: string }) {
  const { postIds, viewerId } = parseInput(countsRequestSchema, input);
  if (postIds.length === 0) return { counts: [] };
  const ids = [...new Set(postIds)];
  const [posts, liked] = await Promise.all([
    context.posts.getMany(ids),
    viewerId ? context.engagement.likedBy(viewerId, ids) : new Set<string>(),
  ]);
  return {
    counts: posts.map((post) => ({
      postId: post._id,
      likeCount: post.likeCount,
      commentCount: post.commentCount,
      likedByViewer: liked.has(post._id),
    })),
  };
}

export async function listComments(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  const post = await visiblePost(context, input.postId, viewer);
  const comments = await context.engagement.allComments(post._id, viewer.hidden);
  const authors = await context.authors.many(comments.map((comment) => comment.authorId));
  return { comments: comments.map((comment) => commentView(comment, authors, post, viewer)) };
}

/** A comment: non-empty once trimmed, at most 2,000 characters, by an approved member or an admin. */
export async function addComment(
  context: ContentContext,
  input: { postId: string; viewerId: string; content: string },
  call: CallInfo,
) {
  const viewer = await viewerOf(context, input.viewerId);
  assertMayEngage(viewer, 'content.commentNotApproved');
  const { content } = parseInput(commentSchema, { content: input.content });
  const post = await visiblePost(context, input.postId, viewer);
  const comment = {
    _id: randomUUID(),
    postId: post._id,
    authorId: viewer.id,
    content,
    createdAt: new Date().toISOString(),
  };
  await context.engagement.addComment(comment);
  await context.posts.addComment(comment, [engagementChanged(post, { what: 'comments' }, viewer.id, call)]);
  return commentView(comment, await context.authors.many([viewer.id]), post, viewer);
}
