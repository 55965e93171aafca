/** Post media: what is accepted (judged by content, not by name or declared type) and how big. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** A video as a phone records it: 3 minutes of 4K HEVC fit (it is served far smaller, as 1080p H.264). */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The longest video a post takes (3 minutes); a longer one is refused with this bound in the message. */
export const VIDEO_MAX_SECONDS = 180;

/** iPhones save photos as HEIC (HEVC in HEIF); converted like any other photo. */
export const HEIC_TYPES = ['image/heic', 'image/heif'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', ...HEIC_TYPES] as const;
/** What phones record (MOV from an iPhone, often HEVC; MP4; 3GP) and WebM: all served as H.264 MP4. */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/3gpp'] as const;
/** For an `<input type="file" accept=...>`. */
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

/**
 * The variants a post's media is served as: two image sizes (a phone, a desktop feed), a locked teaser (blurred), a
 * video and its poster frame.
 */
export const MEDIA_VARIANTS = ['image-1280', 'image-640', 'teaser', 'video', 'poster'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** The largest upload of a kind, and the message a larger one gets. */
export function mediaSizeBound(kind: 'image' | 'video'): { maxBytes: number; tooLargeKey: string } {
  return kind === 'video'
    ? { maxBytes: VIDEO_MAX_BYTES, tooLargeKey: 'content.videoTooLarge' }
    : { maxBytes: MEDIA_MAX_BYTES, tooLargeKey: 'content.mediaTooLarge' };
}

export function mediaKindOf(mime: string): 'image' | 'video' | null {
  if ((IMAGE_TYPES as readonly string[]).includes(mime)) return 'image';
  if ((VIDEO_TYPES as readonly string[]).includes(mime)) return 'video';
  return null;
}

/** A served video's frame fits 1080p: its long side at most 1920 px, its short side at most 1080 (upright or not). */
const LONG_SIDE_MAX = 1920;
const SHORT_SIDE_MAX = 1080;

/**
 * The frame size a video is served at: its own, or scaled down (never up) to fit 1080p, aspect kept, both sides even
 * (H.264 in 4:2:0 needs them so).
 */
export function videoFrameSize(source: { width: number; height: number }): { width: number; height: number } {
  const long = Math.max(source.width, source.height);
  const short = Math.min(source.width, source.height);
  const scale = Math.min(1, LONG_SIDE_MAX / long, SHORT_SIDE_MAX / short);
  const even = (side: number) => Math.max(2, 2 * Math.floor((side * scale) / 2));
  return { width: even(source.width), height: even(source.height) };
}

/** Where the BFF serves a post's media; the version changes with the media, so browsers may keep it for good. */
export function mediaUrl(postId: string, variant: MediaVariant, version: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/media/${variant}?v=${encodeURIComponent(version)}`;
}
