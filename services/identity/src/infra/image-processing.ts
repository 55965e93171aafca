import { DomainError } from '@tip/platform';
import type { default as Sharp } from 'sharp';
import { PHOTO_INVALID_KEY, isAllowedImageType, uploadSizeProblem, type UploadRule } from '../domain/index.js';

export type ImageFormat = 'jpeg' | 'webp';

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
}

/** Photos are shown at most this large; anything bigger is scaled down to fit. */
const MAX_EDGE_PX = 1600;
/** A small file can still decode to a huge bitmap (a decompression bomb); refuse it before allocating. */
const MAX_INPUT_PIXELS = 40_000_000;

let sharpModule: Promise<typeof Sharp> | undefined;

/** sharp (libvips) is loaded on the first upload, keeping start-up fast and idle memory low. */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // The cache trades memory for speed on repeated operations on the same image, which uploads never do.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * Checks an uploaded image and re-encodes it: present, within the rule's size, an image by its content (magic
 * bytes; the file name and declared type are not trusted), decodable. The output is rotated per its EXIF
 * orientation, scaled to fit 1600 px and re-encoded, which drops every metadata block (EXIF, GPS, ICC comments).
 */
export async function processImage(content: Buffer, rule: UploadRule, format: ImageFormat): Promise<ProcessedImage> {
  const sizeProblem = uploadSizeProblem(content.length, rule);
  if (sizeProblem) throw new DomainError(sizeProblem.code, sizeProblem.messageKey);

  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !isAllowedImageType(detected.mime)) throw new DomainError('INVALID_ARGUMENT', PHOTO_INVALID_KEY);

  const sharp = await loadSharp();
  try {
    const pipeline = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true });
    if (format === 'webp') {
      return { body: await pipeline.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
    }
    return {
      body: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      contentType: 'image/jpeg',
      extension: 'jpg',
    };
  } catch {
    // Right magic bytes, but not an image libvips can decode (truncated, corrupt, too many pixels).
    throw new DomainError('INVALID_ARGUMENT', PHOTO_INVALID_KEY);
  }
}
