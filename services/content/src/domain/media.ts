/** Post media: what is accepted (judged by content, not by name or declared type) and how big. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
/** For an `<input type="file" accept=...>`. */
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

/** The variants a post's media is served as: two image sizes (a phone, a desktop feed), a locked teaser, a video. */
export const MEDIA_VARIANTS = ['image-1280', 'image-640', 'teaser', 'video'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

export function mediaKindOf(mime: string): 'image' | 'video' | null {
  if ((IMAGE_TYPES as readonly string[]).includes(mime)) return 'image';
  if ((VIDEO_TYPES as readonly string[]).includes(mime)) return 'video';
  return null;
}

/** Where the BFF serves a post's media; the version changes with the media, so browsers may keep it for good. */
export function mediaUrl(postId: string, variant: MediaVariant, version: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/media/${variant}?v=${encodeURIComponent(version)}`;
}
