import { randomUUID } from 'node:crypto';
import { counter, decodePosition, DomainError, encodePosition, parseInput } from '@tip/platform';
import type { PostDecisionMadePayload } from '@tip/moderation/contract';
import { MediaUploaded, PostCreated, PostDecided, PostDeleted } from '../contract/index.js';
import { composerProblem, postFormSchema, type Category } from '../domain/index.js';
import { detectMedia } from '../infra/post-media.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { CallInfo, ContentContext } from './context.js';
import { feedItem, feedItems } from './feed-items.js';
import { reportMediaQueue } from './media-queue.js';
import { viewerOf, type Viewer } from './viewer.js';

/** Posts written, by the status they start in (waiting for a moderator, or published). */
const postsCreated = counter('tip_posts_created_total', 'Posts written, by the status they start in', ['status']);

export const FEED_MAX_PAGE = 50;

/** PostCreated for a post as it becomes visible to others than its author: at once, or once its video is ready. */
export function postCreated(post: PostDocument & { status: 'pending' | 'approved' }, call: CallInfo) {
  return PostCreated.create(
    post._id,
    {
      postId: post._id,
      authorId: post.authorId,
      category: post.category,
      status: post.status,
      isPremium: post.isPremium,
      hasMedia: post.media !== undefined || post.publishAs !== undefined,
      createdAt: post.createdAt,
    },
    call.correlationId,
  );
}

/**
 * A new post, with every composer rule checked here whatever the form checked. An upload, photo or video, is only
 * judged by its first bytes here (its kind and size bound): it goes to the quarantine as received and the post waits,
 * `processing`, for the media worker (MediaUploaded), which decodes it and writes what is served. The answer says so
 * at once, however long the media takes; a failure to store the post erases the upload.
 */
export async function createPost(
  context: ContentContext,
  input: { viewerId: string; form: unknown; media: Buffer | null },
  call: CallInfo,
) {
  const viewer = await viewerOf(context, input.viewerId);
  if (!viewer.approved && !viewer.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  const form = parseInput(postFormSchema, input.form);
  const upload = input.media && input.media.length > 0 ? input.media : null;
  const detected = upload ? await detectMedia(upload) : null;
  const problem = composerProblem(viewer, form, detected?.kind ?? null);
  if (problem) throw new DomainError('INVALID_ARGUMENT', problem);

  const status = context.approval === 'immediate' ? 'approved' : 'pending';
  const post: PostDocument = {
    _id: randomUUID(),
    authorId: viewer.id,
    content: form.content,
    category: form.category,
    isPremium: form.isPremium,
    creditCost: form.creditCost,
    showProfileData: form.showProfileData,
    showTelegramUsername: form.showTelegramUsername,
    status: upload ? 'processing' : status,
    ...(upload && detected && { publishAs: status, uploadKind: detected.kind }),
    createdAt: new Date().toISOString(),
    likeCount: 0,
    commentCount: 0,
  };
  const events = upload
    ? [MediaUploaded.create(post._id, { postId: post._id, authorId: post.authorId }, call.correlationId)]
    : [postCreated({ ...post, status }, call)];
  if (upload) await context.media.quarantine(post._id, upload);
  try {
    await context.posts.insert(post, events);
  } catch (error) {
    await context.media.eraseAll(post._id);
    throw error;
  }
  if (upload) await reportMediaQueue(context);
  postsCreated.inc({ status: post.status });
  return { status: post.status, item: await feedItem(context, post, viewer) };
}

/** Whether this viewer may see the post at all: published (by someone not blocked either way), their own, any for an admin. */
function maySee(post: PostDocument, viewer: Viewer): boolean {
  const waiting = post.status !== 'approved' && post.authorId !== viewer.id && !viewer.isAdmin;
  return !waiting && !viewer.hidden.has(post.authorId);
}

/** The post if this viewer may see it at all (`maySee`), or NOT_FOUND. */
export async function visiblePost(context: ContentContext, postId: string, viewer: Viewer): Promise<PostDocument> {
  const post = await context.posts.get(postId);
  if (!maySee(post, viewer)) throw new DomainError('NOT_FOUND', 'content.postNotFound');
  return post;
}

export async function getPost(context: ContentContext, input: { postId: string; viewerId: string }) {
  const viewer = await viewerOf(context, input.viewerId);
  return feedItem(context, await visiblePost(context, input.postId, viewer), viewer);
}

/** The posts among `postIds` this viewer may see, as getPost shows each, in the order asked; the others left out. */
export async function getPosts(context: ContentContext, input: { postIds: string[]; viewerId: string }) {
  const [viewer, found] = await Promise.all([
    viewerOf(context, input.viewerId),
    context.posts.getMany([...new Set(input.postIds)]),
  ]);
  const byId = new Map(found.map((post) => [post._id, post]));
  const posts = [...new Set(input.postIds)].flatMap((id) => {
    const post = byId.get(id);
    return post && maySee(post, viewer) ? [post] : [];
  });
  return { items: await feedItems(context, posts, viewer) };
}

/**
 * Whom a message about the post goes to ('Contatta'), for a viewer who may see the post: its author, and whether the
 * post keeps them anonymous (then the BFF addresses the message through the post and never shows the id).
 */
export async function postAuthor(context: ContentContext, input: { postId: string; viewerId: string }) {
  const post = await visiblePost(context, input.postId, await viewerOf(context, input.viewerId));
  return { authorId: post.authorId, anonymous: !post.showProfileData };
}

/** A page of the viewer's feed, newest first; the cursor is where the next page starts. */
export async function feed(
  context: ContentContext,
  input: { viewerId: string; category?: Category; cursor: string; limit: number },
) {
  const viewer = await viewerOf(context, input.viewerId);
  const limit = Math.min(Math.max(input.limit || 20, 1), FEED_MAX_PAGE);
  const posts = await context.posts.page({
    viewerId: viewer.id,
    ...(input.category ? { category: input.category } : {}),
    ...(input.cursor && { cursor: decodePosition(input.cursor) }),
    limit,
    hidden: [...viewer.hidden],
  });
  const last = posts.at(-1);
  return {
    items: await feedItems(context, posts, viewer),
    nextCursor: posts.length === limit && last ? encodePosition({ at: last.createdAt, id: last._id }) : '',
  };
}

/** The author deletes their post, or an admin any post: it goes with its media; the tombstone carries the event. */
export async function deletePost(context: ContentContext, input: { postId: string; viewerId: string }, call: CallInfo) {
  const viewer = await viewerOf(context, input.viewerId);
  const post = await context.posts.get(input.postId);
  if (post.authorId !== viewer.id && !viewer.isAdmin)
    throw new DomainError('PERMISSION_DENIED', 'content.cannotDeletePost');
  // An admin's deletion, of anyone's post or their own, names them for the audit log.
  await removePost(context, post, call, viewer.isAdmin ? viewer.id : undefined);
}

/**
 * Media first (a failure leaves a post to delete again), then the post becomes a tombstone carrying PostDeleted,
 * without its content or its copies of comments.
 */
export async function removePost(context: ContentContext, post: PostDocument, call: CallInfo, adminId?: string) {
  const deleted = PostDeleted.create(
    post._id,
    { postId: post._id, authorId: post.authorId, category: post.category, ...(adminId ? { adminId } : {}) },
    call.correlationId,
  );
  await context.media.eraseAll(post._id);
  await context.posts.update(
    post._id,
    {},
    { $set: { deleted: true, content: '' }, $unset: { media: true, recentComments: true } },
    [deleted],
  );
}

/**
 * A moderator's decision (moderation's PostDecisionMade): a waiting post is published, or rejected with the reasons
 * its author then sees. Only a waiting post changes, so a repeated or late decision (the post deleted meanwhile)
 * does nothing.
 */
export async function applyPostDecision(context: ContentContext, decision: PostDecisionMadePayload, call: CallInfo) {
  const post = await context.posts.get(decision.postId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (post?.status !== 'pending') return;
  const { status, reason, adminId } = decision;
  const decided = PostDecided.create(
    post._id,
    {
      postId: post._id,
      authorId: post.authorId,
      category: post.category,
      status,
      ...(reason ? { reason } : {}),
      adminId,
    },
    call.correlationId,
  );
  const update =
    status === 'rejected'
      ? { $set: { status, rejectionReason: reason ?? '' } }
      : { $set: { status }, $unset: { rejectionReason: true } };
  await context.posts.update(post._id, { status: 'pending' }, update, [decided]);
}
