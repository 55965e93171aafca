import { IMAGE_TYPES, mediaKindOf, mediaSizeBound, PREMIUM_COST_MAX, PREMIUM_COST_MIN, VIDEO_TYPES } from '@/lib/rules';

/**
 * The composer checks content's own rules (`@tip/content/domain`, the ones the server applies) before sending:
 * every problem is a key of the server's message catalogue, so the form says exactly what the server would.
 */

const MEDIA_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES];
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
};
/** For the file input: the types, and the extensions for systems that do not know a type. */
export const MEDIA_ACCEPT = [...MEDIA_TYPES, ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`)].join(',');

export type MediaFile = { name: string; type: string; size: number };

/** The media's type, from the browser or else from the file's extension; null when the feed does not take it. */
export function mediaType(file: MediaFile): string | null {
  if (file.type) return MEDIA_TYPES.includes(file.type) ? file.type : null;
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** What is wrong with a chosen file (a message key), or null. The server checks the content itself too. */
export function mediaProblem(file: MediaFile): string | null {
  const kind = mediaKindOf(mediaType(file) ?? '');
  if (!kind) return 'content.mediaInvalid';
  const bound = mediaSizeBound(kind);
  return file.size > bound.maxBytes ? bound.tooLargeKey : null;
}

/** Keeps a typed cost within 1..10 (1 for anything unreadable). */
export function clampCreditCost(value: number): number {
  if (!Number.isFinite(value)) return PREMIUM_COST_MIN;
  return Math.min(PREMIUM_COST_MAX, Math.max(PREMIUM_COST_MIN, Math.trunc(value)));
}
