import { DomainError } from '@tip/platform';
import { MEDIA_VARIANTS, type MediaVariant } from '../domain/index.js';
import type { ContentContext } from './context.js';
import { visiblePost } from './posts.js';
import { seesWhole, viewerOf } from './viewer.js';

/**
 * A post's media for one viewer. The teaser is for anyone who may see the post; the image sizes and the video only
 * for who may see it whole: a URL guessed from another post gets nothing of a locked one. A slice of it when asked (a
 * video's byte range), so that only what the browser plays crosses to the BFF.
 */
export async function getMedia(
  context: ContentContext,
  input: { postId: string; viewerId: string; variant: string; offset?: number; length?: number },
) {
  if (!(MEDIA_VARIANTS as readonly string[]).includes(input.variant)) {
    throw new DomainError('NOT_FOUND', 'errors.notFound');
  }
  const variant = input.variant as MediaVariant;
  const viewer = await viewerOf(context, input.viewerId);
  const post = await visiblePost(context, input.postId, viewer);
  if (variant !== 'teaser') {
    const paid = (await context.engagement.unlockedBy(viewer.id, [post._id])).has(post._id);
    if (!seesWhole(post, viewer, paid)) throw new DomainError('NOT_FOUND', 'errors.notFound');
  }
  // A slice is read from the store as a range: a seek in a 100 MB video moves its few megabytes, not the video.
  const sliced = Boolean(input.offset || input.length);
  const media = sliced
    ? await context.media.getRange(post._id, variant, input.offset ?? 0, input.length || Number.MAX_SAFE_INTEGER)
    : await context.media.get(post._id, variant).then((whole) => whole && { ...whole, totalSize: whole.body.length });
  if (!media) throw new DomainError('NOT_FOUND', 'errors.notFound');
  return { content: media.body, contentType: media.contentType, totalSize: media.totalSize };
}
