import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { failureOf } from '@tip/platform/testing';
import { startContentHarness, type ContentHarness } from '../testing/harness.js';
import { RECORDED_LOCATION, RECORDED_MODEL, recordedVideo } from '../testing/media-files.js';

let harness: ContentHarness;
let scratch: string;

beforeAll(async () => {
  harness = await startContentHarness({ approval: 'immediate' });
  scratch = await mkdtemp(join(tmpdir(), 'tip-videos-test-'));
});
afterAll(async () => {
  await harness.stop();
  await rm(scratch, { recursive: true, force: true });
});

const form = (overrides: Record<string, unknown> = {}) => ({
  content: 'Il mio video',
  category: 'trending',
  showProfileData: true,
  showTelegramUsername: false,
  isPremium: false,
  creditCost: 1,
  media: null,
  ...overrides,
});
// The name says photo: content believes the bytes only.
const upload = (content: Buffer) => ({ content, fileName: 'photo.jpg' });

interface Probe {
  format: { format_name: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; tags?: Record<string, string> }[];
}

/** What ffprobe reads in bytes a member was served. */
async function probe(bytes: Buffer): Promise<Probe> {
  const file = join(scratch, `served-${Date.now()}-${Math.random()}`);
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as Probe;
}

/** The tags an MP4's tracks always have, which say nothing about who made it or where. */
const STREAM_TAGS = ['language', 'handler_name', 'vendor_id', 'encoder'];
/** Transcoding takes seconds per clip here; two cores are shared. */
const TRANSCODING = 120_000;

async function postVideo(viewerId: string, video: Buffer, overrides: Record<string, unknown> = {}) {
  const { item } = await harness.client.CreatePost({ viewerId, ...form({ media: upload(video), ...overrides }) });
  const postId = item?.post?.id ?? '';
  const media = (variant: string, viewer = viewerId) => harness.client.GetMedia({ postId, viewerId: viewer, variant });
  return { item, postId, media };
}

describe('a video, as another member gets it', () => {
  it(
    'is an H.264/AAC MP4 without a location, a device or a date, from an iPhone’s HEVC MOV',
    async () => {
      const original = await recordedVideo({ format: 'mov-hevc' });
      expect(original.includes(Buffer.from(RECORDED_LOCATION))).toBe(true);
      const author = await harness.member();
      const other = await harness.member();
      const { item, media } = await postVideo(author, original);
      expect(item?.post?.videoUrl).toMatch(/media\/video\?v=/);

      const served = await media('video', other);
      expect(served.contentType).toBe('video/mp4');
      for (const secret of [RECORDED_LOCATION, '+45.4642', RECORDED_MODEL, '2024-05-01', 'Lavf']) {
        expect(served.content.includes(Buffer.from(secret))).toBe(false);
      }
      const found = await probe(served.content);
      expect(found.streams.map((stream) => [stream.codec_type, stream.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      // What remains is technical: the brands, each track's language and handler, and the codec's name.
      expect(Object.keys(found.format.tags ?? {}).sort()).toEqual([
        'compatible_brands',
        'major_brand',
        'minor_version',
      ]);
      for (const stream of found.streams) {
        expect(Object.keys(stream.tags ?? {}).every((key) => STREAM_TAGS.includes(key))).toBe(true);
      }
      // +faststart: the index (moov) comes before the data, so a browser plays while it loads.
      expect(served.content.indexOf('moov')).toBeLessThan(served.content.indexOf('mdat'));
    },
    TRANSCODING,
  );

  it(
    'scales a larger video to 1080p and has a WebP poster of it',
    async () => {
      const author = await harness.member();
      const video = await recordedVideo({ format: 'mp4-h264', width: 2560, height: 1440, seconds: 1 });
      const { media } = await postVideo(author, video);
      const found = await probe((await media('video')).content);
      expect(found.streams[0]).toMatchObject({ codec_name: 'h264', width: 1920, height: 1080 });
      const poster = await media('poster');
      expect(poster.contentType).toBe('image/webp');
      expect(await sharp(poster.content).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    },
    TRANSCODING,
  );

  it(
    'takes WebM and 3GP by their bytes too',
    async () => {
      const author = await harness.member();
      for (const format of ['webm-vp9', '3gp-h264'] as const) {
        const { media } = await postVideo(author, await recordedVideo({ format, width: 320, height: 240, seconds: 1 }));
        const found = await probe((await media('video')).content);
        expect(found.streams[0]).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
      }
    },
    TRANSCODING,
  );

  it(
    'shows a locked premium video by its blurred poster only',
    async () => {
      const author = await harness.member({ premium: true });
      const other = await harness.member();
      const { postId, media } = await postVideo(author, await recordedVideo({ seconds: 1 }), {
        isPremium: true,
        creditCost: 3,
      });
      const seen = await harness.client.GetPost({ postId, viewerId: other });
      expect(seen.post).toMatchObject({ locked: true, videoUrl: '', posterUrl: '' });
      expect(seen.post?.teaserUrl).toMatch(/media\/teaser\?v=/);
      expect((await sharp((await media('teaser', other)).content).metadata()).width).toBe(32);
      for (const variant of ['video', 'poster']) {
        expect(await failureOf(media(variant, other))).toMatchObject({ code: 'NOT_FOUND' });
      }
    },
    TRANSCODING,
  );

  it(
    'refuses a video over 3 minutes, in words the member reads',
    async () => {
      const author = await harness.member();
      const long = await recordedVideo({ seconds: 181, width: 64, height: 36, format: 'mp4-h264' });
      expect(
        await failureOf(harness.client.CreatePost({ viewerId: author, ...form({ media: upload(long) }) })),
      ).toMatchObject({ code: 'INVALID_ARGUMENT', messageKey: 'content.videoTooLong', params: { minutes: 3 } });
    },
    TRANSCODING,
  );
});
