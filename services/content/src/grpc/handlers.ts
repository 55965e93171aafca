import { randomUUID } from 'node:crypto';
import { DomainError, type CallContext, type ServiceHandlers } from '@tip/platform';
import type { ContentDefinition } from '../contract/index.js';
import type { CallInfo, ContentContext } from '../app/context.js';
import { addComment, listComments, postCounts, toggleLike } from '../app/engagement.js';
import { exportMember } from '../app/export-member.js';
import { getMedia } from '../app/media.js';
import { mediaTools } from '../app/media-tools.js';
import { createPost, deletePost, feed, getPost, getPosts, postAuthor } from '../app/posts.js';
import { isUnlocked, revealTelegram, unlock } from '../app/purchases.js';
import { CATEGORIES, VIDEO_MAX_BYTES, type Category } from '../domain/index.js';
import type { PostUploadPart__Output } from '../generated/tip/content/v1/PostUploadPart.js';

const callInfo = (call: CallContext): CallInfo => ({ correlationId: call.requestId ?? randomUUID() });

function categoryOf(value: string): Category | undefined {
  if (!value) return undefined;
  if (!(CATEGORIES as readonly string[]).includes(value)) {
    throw new DomainError('INVALID_ARGUMENT', 'content.categoryInvalid', { field: 'category' });
  }
  return value as Category;
}

/**
 * CreatePostUpload's parts: the file's chunks, held to the largest bound as they arrive (a video's), then the form.
 * Content keeps the upload whole once here, to judge it and put it in quarantine.
 */
async function receiveUpload(parts: AsyncIterable<PostUploadPart__Output>) {
  const chunks: Buffer[] = [];
  let size = 0;
  let form: PostUploadPart__Output['form'] = null;
  for await (const part of parts) {
    if (form) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
    if (part.form) form = part.form;
    size += part.chunk.length;
    if (size > VIDEO_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'content.videoTooLarge');
    if (part.chunk.length > 0) chunks.push(part.chunk);
  }
  if (!form) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
  const { media: _named, ...fields } = form;
  return { ...fields, upload: size > 0 ? Buffer.concat(chunks, size) : null };
}

/** Maps each RPC to its use case; proto3's empty values stand for "absent". The use cases hold the rules. */
export function contentHandlers(context: ContentContext): ServiceHandlers<ContentDefinition> {
  return {
    async CreatePost(request, call) {
      const { viewerId, media, ...form } = request;
      return createPost(context, { viewerId, form, media: media?.content ?? null }, callInfo(call));
    },
    async CreatePostUpload(parts, call) {
      const { viewerId, upload, ...form } = await receiveUpload(parts);
      return createPost(context, { viewerId, form, media: upload }, callInfo(call));
    },
    async Feed(request) {
      return feed(context, { ...request, category: categoryOf(request.category) });
    },
    Counts: (request) => postCounts(context, request),
    GetPost: (request) => getPost(context, request),
    GetPosts: (request) => getPosts(context, request),
    ToggleLike: (request, call) => toggleLike(context, request, callInfo(call)),
    ListComments: (request) => listComments(context, request),
    AddComment: (request, call) => addComment(context, request, callInfo(call)),
    Unlock: (request, call) => unlock(context, request, callInfo(call)),
    IsUnlocked: (request) => isUnlocked(context, request),
    RevealTelegram: (request) => revealTelegram(context, request),
    PostAuthor: (request) => postAuthor(context, request),
    async DeletePost(request, call) {
      await deletePost(context, request, callInfo(call));
      return {};
    },
    GetMedia: (request) => getMedia(context, request),
    MediaTools: () => mediaTools(),
    AwaitBlock: async (request) => ({ applied: await context.blocks.awaitState(request) }),
    ExportMember: (request) => exportMember(context, request.userId),
  };
}
