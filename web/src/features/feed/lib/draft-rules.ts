/**
 * The draft's rules as content applies them, through its zod schema: a chunk of their own, which the composer loads
 * once the member starts writing (the feed's first load carries no zod).
 */
import { composerProblem, mediaKindOf, postFormSchema, type Writer } from '@/lib/rules';
import type { NewPost } from '../api/create-post';
import { mediaProblem, mediaType, type MediaFile } from './composer-rules';

export type Draft = Omit<NewPost, 'media'> & { media: MediaFile | null };

/** The message key of the first rule the draft breaks, or null when it may be sent. */
export function draftProblem(draft: Draft, writer: Writer): string | null {
  const { media, ...fields } = draft;
  if (media) {
    const problem = mediaProblem(media);
    if (problem) return problem;
  }
  const form = postFormSchema.safeParse(fields);
  if (!form.success) return form.error.issues[0]?.message ?? 'content.contentRequired';
  return composerProblem(writer, form.data, media ? mediaKindOf(mediaType(media) ?? '') : null);
}
