import { Router, type Request } from 'express';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import type { ContentCharge } from '@tip/content/contract';
import { commentSchema, postFormSchema, VIDEO_MAX_BYTES } from '@tip/content/domain';
import { awaitPhoto } from '../content/await-photo.js';
import { feedItemJson, commentJson } from '../content/feed-view.js';
import type { BffContext } from '../context.js';
import {
  commentAddedSchema,
  commentItemSchema,
  doneSchema,
  feedItemSchema,
  likeStateSchema,
  postCreatedSchema,
  telegramRevealSchema,
  unlockResultSchema,
  unlockStateSchema,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { sendMedia, sendMediaSlice, sliceAsked } from '../http/send-media.js';
import { requireAdmin, requireSession, sessionOf } from '../http/session-guard.js';
import { streamMultipart, type ArrivingFile } from '../http/streamed-upload.js';

const MEDIA_RULE = {
  // The larger bound, a video's: content holds a photo to its own (10 MB) once it sees which the file is.
  maxBytes: VIDEO_MAX_BYTES,
  requiredKey: 'content.contentRequired',
  tooLargeKey: 'content.videoTooLarge',
};

/** How long an upload may take to arrive and reach content: 200 MB from a phone on a slow network. */
const UPLOAD_CALL_MS = 10 * 60_000;

/** CreatePostUpload's parts: the file's chunks as they arrive, then the form, checked once all of it is read. */
async function* uploadParts(viewerId: string, file: ArrivingFile) {
  for await (const chunk of file.chunks) yield { chunk };
  const form = parseInput(postFormSchema, await file.fields);
  yield { form: { viewerId, ...form, media: { fileName: file.name } } };
}

/** What the composer says of a new post, by the status content gave it. */
const CREATED_MESSAGES: Record<string, string> = {
  approved: 'content.postCreated',
  pending: 'content.postSubmitted',
  processing: 'content.postProcessing',
};

/**
 * Posts (the feeds are a fast lane: feed.ts): the composer, likes, comments, premium unlocks and Telegram reveals
 * (content charges them, keyed so that a repeated click is charged once), deletion, and the media. (A moderator's
 * decision: admin-queues.ts.)
 */
export function postRoutes(context: BffContext): Router {
  const { content, identity, balances, sessions, limits, say } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const adminOnly = requireAdmin(sessions);
  const viewerOf = (res: Parameters<typeof sessionOf>[0]) => sessionOf(res).user.id;
  const postRef = (req: Request, viewerId: string) => ({ postId: parseInput(idParam, req.params.id), viewerId });

  router.post(
    '/api/posts',
    signedIn,
    writeLimit(limits, 'posts'),
    handle(async (req, res) => {
      const viewerId = viewerOf(res);
      const { user } = sessionOf(res);
      // Before the body is read: a member who may not post sends no upload anywhere.
      if (user.verificationStatus !== 'approved' && !user.isAdmin) {
        throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
      }
      // The upload goes on to content as it arrives (CreatePostUpload), never held whole here.
      const { fields, answer } = await streamMultipart(req, res, 'media', MEDIA_RULE, (file) =>
        content.CreatePostUpload(uploadParts(viewerId, file), { timeoutMs: UPLOAD_CALL_MS }),
      );
      const created =
        answer ?? (await content.CreatePost({ viewerId, ...parseInput(postFormSchema, fields), media: null }));
      if (!created.item?.post) throw new Error('content created a post without answering it');
      // A photo is ready in a moment: the answer waits for it, as a client of the earlier API expects.
      const photo = created.status === 'processing' && created.item.post.uploadKind === 'image';
      const item = photo
        ? await awaitPhoto(content, { postId: created.item.post.id, viewerId }, created.item)
        : created.item;
      const status = item.post?.status ?? created.status;
      // The worker could not decode it (right first bytes, broken image): the composer says why, as it did before.
      const mediaProblem = status === 'rejected' ? item.post?.mediaProblem : undefined;
      if (mediaProblem) throw new DomainError('INVALID_ARGUMENT', mediaProblem);
      const messageKey = status === 'processing' && photo ? 'content.photoProcessing' : CREATED_MESSAGES[status];
      respond(res.status(201), postCreatedSchema, {
        success: true,
        message: say(req, messageKey ?? 'content.postSubmitted'),
        status: postCreatedSchema.shape.status.parse(status),
        item: feedItemJson(item),
      });
    }),
  );

  router.get(
    '/api/posts/:id',
    signedIn,
    handle(async (req, res) =>
      respond(res, feedItemSchema, feedItemJson(await content.GetPost(postRef(req, viewerOf(res))))),
    ),
  );

  router.post(
    '/api/posts/:id/like',
    signedIn,
    writeLimit(limits, 'likes'),
    handle(async (req, res) => respond(res, likeStateSchema, await content.ToggleLike(postRef(req, viewerOf(res))))),
  );

  router.get(
    '/api/posts/:id/comments',
    signedIn,
    handle(async (req, res) => {
      const { comments } = await content.ListComments(postRef(req, viewerOf(res)));
      respond(res, commentItemSchema.array(), comments.map(commentJson));
    }),
  );
  router.post(
    '/api/posts/:id/comments',
    signedIn,
    writeLimit(limits, 'comments'),
    handle(async (req, res) => {
      const { content: text } = parseInput(commentSchema, req.body);
      const added = await content.AddComment({ ...postRef(req, viewerOf(res)), content: text });
      respond(res.status(201), commentAddedSchema, {
        ...commentJson(added),
        message: say(req, 'content.commentAdded'),
      });
    }),
  );

  /** What a paid action took, and the viewer's balance after it (the latest known, the debit's answer included). */
  async function paid(viewerId: string, charge: ContentCharge | null) {
    if (charge?.debited) balances.answered(viewerId, charge.sequence, charge.balance);
    return { charged: charge?.charged ?? 0, credits: await balances.get(viewerId) };
  }

  router.post(
    '/api/posts/:id/unlock',
    signedIn,
    writeLimit(limits, 'likes'),
    handle(async (req, res) => {
      const ref = postRef(req, viewerOf(res));
      const { item, charge } = await content.Unlock(ref);
      if (!item) throw new Error('content answered an unlock without its post');
      const { charged, credits } = await paid(ref.viewerId, charge);
      const message = say(req, 'content.unlocked', { credits: charged });
      respond(res, unlockResultSchema, { unlocked: true, charged, credits, message, item: feedItemJson(item) });
    }),
  );
  router.get(
    '/api/posts/:id/unlocked',
    signedIn,
    handle(async (req, res) => {
      const { unlocked } = await content.IsUnlocked(postRef(req, viewerOf(res)));
      respond(res, unlockStateSchema, { unlocked });
    }),
  );

  router.post(
    '/api/posts/:id/telegram',
    signedIn,
    writeLimit(limits, 'likes'),
    handle(async (req, res) => {
      const ref = postRef(req, viewerOf(res));
      const { authorId, charge } = await content.RevealTelegram(ref);
      const { charged, credits } = await paid(ref.viewerId, charge);
      const { telegramUsername } = await identity.GetTelegram({ userId: authorId });
      respond(res, telegramRevealSchema, { telegramUsername, charged, credits });
    }),
  );

  const remove = handle(async (req, res) => {
    await content.DeletePost(postRef(req, viewerOf(res)));
    respond(res, doneSchema, { success: true, message: say(req, 'content.postDeleted') });
  });
  router.delete('/api/posts/:id', signedIn, writeLimit(limits, 'posts', 'admin'), remove);
  router.delete('/api/admin/posts/:id', adminOnly, writeLimit(limits, 'admin'), remove);

  router.get(
    '/api/posts/:id/media/:variant',
    signedIn,
    handle(async (req, res) => {
      const variant = parseInput(z.string().max(20), req.params.variant);
      // A byte range is asked of content as such: a video's other megabytes stay where they are.
      const slice = sliceAsked(req.headers.range);
      const media = await content.GetMedia({ ...postRef(req, viewerOf(res)), variant, ...slice });
      if (slice) sendMediaSlice(res, media, slice.offset);
      else sendMedia(req, res, media.content, media.contentType);
    }),
  );

  return router;
}
