import sharp from 'sharp';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';

/** Real and broken media for upload tests. */
export async function jpegWithExif(width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { ImageDescription: 'GPS 45.4642N 9.1900E', Copyright: 'secret-camera-owner' } })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim a 20,000 x 20,000 image: a decompression bomb's header. */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an MP4 (an ISO base media `ftyp` box), which is what the container check reads. */
export function mp4Video(bytes = 4096): Buffer {
  const video = Buffer.alloc(bytes, 0);
  video.set([0, 0, 0, 0x18], 0);
  video.write('ftypisom', 4, 'ascii');
  video.set([0, 0, 2, 0], 12);
  video.write('isommp41', 16, 'ascii');
  return video;
}

export const TEXT_FILE = Buffer.from('this is not an image, whatever the .jpg name says\n');

/** Where a phone says it was: Milan, as ISO 6709, the way QuickTime writes it. */
export const RECORDED_LOCATION = '+45.4642+009.1900/';
export const RECORDED_MODEL = 'TipPhone 15 Pro';

export interface RecordedVideoOptions {
  seconds?: number;
  width?: number;
  height?: number;
  /** `hevc` in a MOV (an iPhone's), `h264` in an MP4, `vp9` in a WebM. */
  format?: 'mov-hevc' | 'mp4-h264' | 'webm-vp9' | '3gp-h264';
  /** Noise instead of a test pattern: nothing to compress, so a large file even once transcoded (~0.5 MB a second). */
  noise?: boolean;
  /** Recorded sideways, as a phone held upright does: the player is told to turn it a quarter (MOV and MP4 only). */
  upright?: boolean;
}

/**
 * Sets the first track's matrix (the video's, ffmpeg writes it first) to a quarter turn, as a phone held upright
 * records: in `tkhd`, 44 bytes after its type, nine 32-bit numbers (ffmpeg 5.1 has no option that writes it).
 */
function turnQuarter(video: Buffer): Buffer {
  const at = video.indexOf('tkhd') + 44;
  const matrix = [0, 0x00010000, 0, 0xffff0000, 0, 0, 0, 0, 0x40000000];
  matrix.forEach((value, index) => video.writeUInt32BE(value, at + index * 4));
  return video;
}

const FORMATS = {
  'mov-hevc': [
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-c:a',
    'aac',
    '-f',
    'mov',
  ],
  'mp4-h264': ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mp4'],
  '3gp-h264': ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-ar', '16000', '-ac', '1', '-f', '3gp'],
  'webm-vp9': ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-f', 'webm'],
} as const;

/**
 * A clip as a phone saves it, made by the machine's ffmpeg: a test pattern with a tone, carrying a location, a device
 * model and a creation time in every place QuickTime puts them (`use_metadata_tags` writes the `mdta` keys).
 */
export async function recordedVideo(options: RecordedVideoOptions = {}): Promise<Buffer> {
  const { seconds = 2, width = 640, height = 360, format = 'mov-hevc', noise = false, upright = false } = options;
  const picture = noise
    ? `nullsrc=size=${width}x${height}:rate=30:duration=${seconds},geq=lum='random(1)*255':cb=128:cr=128`
    : `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`;
  const folder = await mkdtemp(join(tmpdir(), 'tip-fixture-'));
  try {
    const file = join(folder, 'clip');
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      picture,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-metadata',
      `location=${RECORDED_LOCATION}`,
      '-metadata',
      `com.apple.quicktime.location.ISO6709=${RECORDED_LOCATION}`,
      '-metadata',
      `com.apple.quicktime.model=${RECORDED_MODEL}`,
      '-metadata',
      'creation_time=2024-05-01T10:00:00Z',
      ...(format === 'webm-vp9' ? [] : ['-movflags', 'use_metadata_tags']),
      ...FORMATS[format],
      ...(noise ? ['-b:v', '5M'] : []),
      file,
    ]);
    const video = await readFile(file);
    return upright ? turnQuarter(video) : video;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * An iPhone's kind of photo: HEIC (HEVC in HEIF), 800 x 600, orange, carrying the EXIF of `jpegWithExif` (a GPS note
 * and 'secret-camera-owner'). Made once with libheif's `heif-enc -q 30` from that JPEG: neither sharp's libvips nor
 * Debian 12's ffmpeg can write one.
 */
export function heicPhoto(): Promise<Buffer> {
  return readFile(new URL('./fixtures/photo.heic', import.meta.url));
}
