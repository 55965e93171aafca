import { counter, DomainError } from '@tip/platform';
import { MediaProcessed, MediaRejected } from '../contract/index.js';
import { detectMedia, processMedia, type ProcessedMedia } from '../infra/post-media.js';
import type { PostDocument } from '../infra/post-repository.js';
import type { CallInfo, ContentContext } from './context.js';
import { reportMediaQueue } from './media-queue.js';
import { postCreated } from './posts.js';

const processingSeconds = counter(
  'tip_media_processing_seconds_total',
  'Seconds the media worker spent processing videos (divided by tip_media_video_seconds_total: cost per second of video)',
);
const videoSeconds = counter('tip_media_video_seconds_total', 'Seconds of video the media worker processed');
const photoSeconds = counter('tip_media_photo_processing_seconds_total', 'Seconds the media worker spent on photos');
const outcomes = counter('tip_media_processed_total', 'Uploads the media worker processed, by outcome', ['outcome']);

const notFoundAsNull = (error: unknown) => {
  if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
  throw error;
};

/**
 * The media worker's job (MediaUploaded): the quarantined upload of a `processing` post made into its variants, then
 * the post takes the status it was meant to have (published, or waiting for a moderator) with MediaProcessed and
 * PostCreated (so moderation and the feeds learn of it only now), or is rejected with MediaRejected and the reason;
 * either way the upload leaves the quarantine. Safe to repeat: a post no longer processing only loses its upload, and
 * a post deleted meanwhile loses what was made for it.
 */
export async function processUploadedMedia(context: ContentContext, postId: string, call: CallInfo): Promise<void> {
  const post = await context.posts.get(postId).catch(notFoundAsNull);
  const upload = post?.status === 'processing' ? await context.media.quarantined(postId) : null;
  if (!post || !upload) {
    await context.media.releaseQuarantine(postId);
    return;
  }
  const started = performance.now();
  const kind = post.uploadKind ?? 'video';
  const processed = await detectMedia(upload)
    .then((detected) => processMedia(upload, detected))
    .catch((error: unknown) => {
      // A refusal (unreadable, too long) is the member's to know; anything else is ours, and the event comes again.
      if (error instanceof DomainError) return error;
      throw error;
    });
  if (processed instanceof DomainError) {
    // Why, for the operators: ffmpeg's last lines, a timeout, no ffmpeg at all (the member reads only the reason).
    context.logger.warn({ postId, reason: processed.messageKey, err: processed.cause }, 'media rejected');
    await reject(context, post, kind, processed.messageKey, call);
  } else await publish(context, post, kind, processed, call);
  await context.media.releaseQuarantine(postId);
  const seconds = (performance.now() - started) / 1000;
  if (kind === 'image') photoSeconds.inc(seconds);
  else processingSeconds.inc(seconds);
  if (!(processed instanceof DomainError)) videoSeconds.inc(processed.media.seconds ?? 0);
  outcomes.inc({ outcome: processed instanceof DomainError ? 'rejected' : 'processed' });
  await reportMediaQueue(context);
}

type UploadKind = NonNullable<PostDocument['uploadKind']>;

async function publish(
  context: ContentContext,
  post: PostDocument,
  kind: UploadKind,
  processed: ProcessedMedia,
  call: CallInfo,
) {
  const status = post.publishAs ?? 'pending';
  await context.media.store(post._id, processed);
  const ids = { postId: post._id, authorId: post.authorId, kind };
  const updated = await context.posts.update(
    post._id,
    { status: 'processing' },
    { $set: { status, media: processed.media }, $unset: { publishAs: true, uploadKind: true } },
    [MediaProcessed.create(post._id, ids, call.correlationId), postCreated({ ...post, status }, call)],
  );
  // Deleted while it was processed: nothing of it may stay. (Published meanwhile by another delivery of the same
  // event, it keeps its media: this run wrote the same variants under the same keys.)
  if (!updated && !(await context.posts.get(post._id).catch(notFoundAsNull))) await context.media.eraseAll(post._id);
}

async function reject(context: ContentContext, post: PostDocument, kind: UploadKind, reason: string, call: CallInfo) {
  await context.posts.update(
    post._id,
    { status: 'processing' },
    { $set: { status: 'rejected', mediaProblem: reason, uploadKind: kind }, $unset: { publishAs: true } },
    [MediaRejected.create(post._id, { postId: post._id, authorId: post.authorId, reason, kind }, call.correlationId)],
  );
}
