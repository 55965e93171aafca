import { randomUUID } from 'node:crypto';
import { DomainError, type ObjectStore, type StoredObject } from '@tip/platform';
import type { default as Sharp } from 'sharp';
import { MEDIA_MAX_BYTES, mediaKindOf, type MediaVariant } from '../domain/index.js';
import type { StoredMedia } from './post-repository.js';

/** Widths the feed shows an image at: a desktop column and a phone. */
const WIDTHS = { 'image-1280': 1280, 'image-640': 640 } as const;
/** A small file can still decode to a huge bitmap (a decompression bomb): refuse it before allocating. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedMedia {
  media: StoredMedia;
  variants: Partial<Record<MediaVariant, { body: Buffer; contentType: string }>>;
}

let sharpModule: Promise<typeof Sharp> | undefined;

function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

const invalid = () => new DomainError('INVALID_ARGUMENT', 'content.mediaInvalid');

/**
 * A post's upload, checked by its content and made ready to serve. Images (JPEG, PNG, GIF) are decoded, turned
 * upright, scaled to 1280 and 640 px wide and re-encoded as WebP, which drops their metadata (EXIF, GPS); a blurred
 * 32 px teaser stands for them where a premium post is locked. Videos (MP4, WebM) are accepted by their container's
 * signature and kept as they are. A name or a declared type is never believed.
 */
export async function processMedia(content: Buffer): Promise<ProcessedMedia> {
  if (content.length > MEDIA_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'content.mediaTooLarge');
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  const kind = detected ? mediaKindOf(detected.mime) : null;
  if (!detected || !kind) throw invalid();
  const version = randomUUID();
  if (kind === 'video') {
    return {
      media: { kind, version, videoType: detected.mime },
      variants: { video: { body: content, contentType: detected.mime } },
    };
  }
  const sharp = await loadSharp();
  try {
    const image = () => sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const sized = async (width: number) =>
      image().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const [large, small, teaser] = await Promise.all([
      sized(WIDTHS['image-1280']),
      sized(WIDTHS['image-640']),
      image().resize({ width: 32 }).blur(2).webp({ quality: 40 }).toBuffer(),
    ]);
    const webp = (body: Buffer) => ({ body, contentType: 'image/webp' });
    return {
      media: { kind, version },
      variants: { 'image-1280': webp(large), 'image-640': webp(small), teaser: webp(teaser) },
    };
  } catch {
    // Right magic bytes, but not an image libvips can decode (truncated, corrupt, too many pixels).
    throw invalid();
  }
}

/** Post media on the objects port, under `posts/<post>/`. */
export class PostMediaStore {
  constructor(private readonly objects: ObjectStore) {}

  async store(postId: string, processed: ProcessedMedia): Promise<void> {
    for (const [variant, object] of Object.entries(processed.variants)) {
      await this.objects.put(this.key(postId, variant as MediaVariant), object.body, object.contentType);
    }
  }

  get(postId: string, variant: MediaVariant): Promise<StoredObject | null> {
    return this.objects.get(this.key(postId, variant));
  }

  eraseAll(postId: string): Promise<void> {
    return this.objects.deleteUnder(`posts/${postId}`);
  }

  private key(postId: string, variant: MediaVariant): string {
    return `posts/${postId}/${variant}`;
  }
}
