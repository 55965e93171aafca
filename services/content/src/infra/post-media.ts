import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError, type ObjectStore, type StoredObject, type StoredRange } from '@tip/platform';
import type { default as Sharp } from 'sharp';
import { HEIC_TYPES, mediaKindOf, mediaSizeBound, type MediaVariant } from '../domain/index.js';
import { ffmpegBinaries } from './media/ffmpeg-binaries.js';
import { decodeHeic } from './media/heic.js';
import type { ProcessLimits } from './media/sandboxed-process.js';
import { transcodeVideo, type AcceptedVideoType } from './media/video-transcode.js';
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

/**
 * What one ffmpeg run may take: 3 minutes of 1080p take about one on this kind of machine (2 cores), so 10 minutes is
 * a run gone wrong; 3 GiB of address space is several times what a 1080p H.264 encode maps.
 */
const FFMPEG_LIMITS: ProcessLimits = { timeoutMs: 10 * 60_000, cpuSeconds: 20 * 60, memoryBytes: 3 * 1024 ** 3 };

const invalid = () => new DomainError('INVALID_ARGUMENT', 'content.mediaInvalid');
const webp = (body: Buffer) => ({ body, contentType: 'image/webp' });

/** What an upload is, by its first bytes: a kind content takes and its exact type, or `content.mediaInvalid`. */
export interface DetectedMedia {
  kind: 'image' | 'video';
  type: string;
}

/**
 * A post's upload, checked by its content (`detectMedia`, cheap, before anything else is checked) and made ready to
 * serve (`processMedia`). Images (JPEG, PNG, GIF, and HEIC through libheif) are decoded, turned
 * upright, scaled to 1280 and 640 px wide and re-encoded as WebP, which drops their metadata (EXIF, GPS); a blurred
 * 32 px teaser stands for them where a premium post is locked. Videos (MP4, MOV, WebM, 3GP) are transcoded by ffmpeg
 * (`transcodeVideo`) to an H.264 MP4 without any tag, with a poster frame and its blurred teaser. A name or a declared
 * type is never believed.
 */
export async function detectMedia(content: Buffer): Promise<DetectedMedia> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  const kind = detected ? mediaKindOf(detected.mime) : null;
  if (!detected || !kind) throw invalid();
  const bound = mediaSizeBound(kind);
  if (content.length > bound.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', bound.tooLargeKey);
  return { kind, type: detected.mime };
}

export function processMedia(content: Buffer, detected: DetectedMedia): Promise<ProcessedMedia> {
  if (detected.kind === 'video') return processVideo(content, detected.type as AcceptedVideoType);
  return processImage(content, detected.type);
}

/** What sharp reads an upload from: the file itself, or the pixels libheif decoded from an iPhone's HEIC. */
async function imageInput(content: Buffer, type: string): Promise<Parameters<typeof Sharp>> {
  if (!(HEIC_TYPES as readonly string[]).includes(type))
    return [content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }];
  const decoded = await decodeHeic(content, MAX_INPUT_PIXELS);
  if (!decoded) throw invalid();
  const { data, width, height } = decoded;
  return [Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } }];
}

async function processImage(content: Buffer, type: string): Promise<ProcessedMedia> {
  const sharp = await loadSharp();
  try {
    const input = await imageInput(content, type);
    const image = () => sharp(...input).rotate();
    const sized = async (width: number) =>
      image().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const [large, small, teaser] = await Promise.all([
      sized(WIDTHS['image-1280']),
      sized(WIDTHS['image-640']),
      image().resize({ width: 32 }).blur(2).webp({ quality: 40 }).toBuffer(),
    ]);
    return {
      media: { kind: 'image', version: randomUUID() },
      variants: { 'image-1280': webp(large), 'image-640': webp(small), teaser: webp(teaser) },
    };
  } catch {
    // Right magic bytes, but not an image libvips or libheif can decode (truncated, corrupt, too many pixels).
    throw invalid();
  }
}

/**
 * A video transcoded in a scratch directory of its own (the upload, the MP4 and a frame; removed whatever happens),
 * then the frame made into the WebP poster and its blurred teaser.
 */
async function processVideo(content: Buffer, type: AcceptedVideoType): Promise<ProcessedMedia> {
  const binaries = await ffmpegBinaries().catch((failure: unknown) => {
    throw Object.assign(invalid(), { cause: failure });
  });
  const scratch = await mkdtemp(join(tmpdir(), 'tip-media-'));
  try {
    const file = join(scratch, 'upload');
    await writeFile(file, content);
    const { video, frame, probe } = await transcodeVideo(binaries, { file, type }, scratch, FFMPEG_LIMITS);
    const sharp = await loadSharp();
    const still = () => sharp(frame, { limitInputPixels: MAX_INPUT_PIXELS });
    const [poster, teaser] = await Promise.all([
      still().resize({ width: WIDTHS['image-1280'], withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      still().resize({ width: 32 }).blur(2).webp({ quality: 40 }).toBuffer(),
    ]);
    return {
      media: { kind: 'video', version: randomUUID(), videoType: 'video/mp4', seconds: Math.round(probe.seconds) },
      variants: { video: { body: video, contentType: 'video/mp4' }, poster: webp(poster), teaser: webp(teaser) },
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
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

  getRange(postId: string, variant: MediaVariant, offset: number, length: number): Promise<StoredRange | null> {
    return this.objects.getRange(this.key(postId, variant), offset, length);
  }

  /** An upload as received, for the media worker: under `quarantine/`, which no route reads. */
  quarantine(postId: string, upload: Buffer): Promise<void> {
    return this.objects.put(this.quarantineKey(postId), upload, 'application/octet-stream');
  }

  async quarantined(postId: string): Promise<Buffer | null> {
    return (await this.objects.get(this.quarantineKey(postId)))?.body ?? null;
  }

  /** The upload goes once its variants are made (or refused). */
  releaseQuarantine(postId: string): Promise<void> {
    return this.objects.delete(this.quarantineKey(postId));
  }

  /** Everything of the post's media: its variants and poster, and an upload still in quarantine. */
  async eraseAll(postId: string): Promise<void> {
    await this.objects.deleteUnder(`posts/${postId}`);
    await this.releaseQuarantine(postId);
  }

  private quarantineKey(postId: string): string {
    return `quarantine/${postId}`;
  }

  private key(postId: string, variant: MediaVariant): string {
    return `posts/${postId}/${variant}`;
  }
}
