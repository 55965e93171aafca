import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { failureOf, waitFor } from '@tip/platform/testing';
import { postForm, startContentHarness, type ContentHarness } from '../testing/harness.js';
import { mp4Video, RECORDED_LOCATION, RECORDED_MODEL, recordedVideo } from '../testing/media-files.js';

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

const publishedAbout = (type: string, postId: string) =>
  harness.published.find((event) => event.type === type && event.key === postId);

/** Posts a video and waits for the media worker: the post is `processing` until then, seen by its author only. */
async function postVideo(viewerId: string, video: Buffer, overrides: Record<string, unknown> = {}) {
  const created = await harness.client.CreatePost({ viewerId, ...postForm({ media: upload(video), ...overrides }) });
  expect(created.status).toBe('processing');
  const postId = created.item?.post?.id ?? '';
  const media = (variant: string, viewer = viewerId) => harness.client.GetMedia({ postId, viewerId: viewer, variant });
  const outcome = await harness.processed(postId);
  const { post } = await harness.client.GetPost({ postId, viewerId });
  return { outcome, postId, media, post };
}

describe('a video on its way', () => {
  it(
    'is its author’s alone while processing, then published with PostCreated, the upload out of quarantine',
    async () => {
      const author = await harness.member();
      const other = await harness.member();
      const video = upload(await recordedVideo({ seconds: 1 }));
      const { status, item } = await harness.client.CreatePost({ viewerId: author, ...postForm({ media: video }) });
      const postId = item?.post?.id ?? '';
      expect(status).toBe('processing');
      expect(item?.post).toMatchObject({ status: 'processing', videoUrl: '', posterUrl: '', uploadKind: 'video' });
      expect(publishedAbout('PostCreated', postId)).toBeUndefined();

      expect(await harness.processed(postId)).toBe('approved');
      expect((await harness.client.GetPost({ postId, viewerId: other })).post?.videoUrl).toMatch(/media\/video/);
      await waitFor(() => publishedAbout('PostCreated', postId) !== undefined, 5000, 'PostCreated');
      expect(publishedAbout('MediaProcessed', postId)?.payload).toEqual({ postId, authorId: author, kind: 'video' });
      // The worker deletes the upload right after publishing the post.
      const quarantined = () =>
        readdirSync(join(harness.dir, 'media', 'quarantine')).some((name) => name.includes(postId));
      await waitFor(() => !quarantined(), 5000, 'the upload leaving the quarantine');
    },
    TRANSCODING,
  );

  it(
    'is refused when over 3 minutes, in words its author reads on the post',
    async () => {
      const author = await harness.member();
      const long = await recordedVideo({ seconds: 181, width: 64, height: 36, format: 'mp4-h264' });
      const { outcome, postId, post } = await postVideo(author, long);
      expect(outcome).toBe('rejected');
      expect(post).toMatchObject({ status: 'rejected', mediaProblem: 'content.videoTooLong', videoUrl: '' });
      await waitFor(() => publishedAbout('MediaRejected', postId) !== undefined, 5000, 'MediaRejected');
      expect(publishedAbout('MediaRejected', postId)?.payload).toEqual({
        postId,
        authorId: author,
        reason: 'content.videoTooLong',
        kind: 'video',
      });
      expect(publishedAbout('PostCreated', postId)).toBeUndefined();
    },
    TRANSCODING,
  );
});

describe('a video that is not one', () => {
  it(
    'is refused once ffmpeg cannot read it, though its first bytes said MP4',
    async () => {
      const author = await harness.member();
      const { outcome, post } = await postVideo(author, mp4Video());
      expect(outcome).toBe('rejected');
      expect(post).toMatchObject({ status: 'rejected', mediaProblem: 'content.mediaInvalid', videoUrl: '' });
    },
    TRANSCODING,
  );
});

describe('a video whose post goes', () => {
  it(
    'leaves nothing behind, in quarantine or made, whether the worker had begun or not',
    async () => {
      const author = await harness.member();
      const video = upload(await recordedVideo({ seconds: 1 }));
      const { item } = await harness.client.CreatePost({ viewerId: author, ...postForm({ media: video }) });
      const postId = item?.post?.id ?? '';
      await harness.client.DeletePost({ postId, viewerId: author });
      await waitFor(() => publishedAbout('PostDeleted', postId) !== undefined, 5000, 'PostDeleted');
      const left = () =>
        ['quarantine', 'posts'].flatMap((folder) => {
          const path = join(harness.dir, 'media', folder);
          return existsSync(path) ? readdirSync(path, { recursive: true }).map(String) : [];
        });
      // The worker, should it have been at work, removes what it made once it finds the post gone.
      await waitFor(() => !left().some((name) => name.includes(postId)), 60_000, 'nothing of the post left');
      expect(publishedAbout('PostCreated', postId)).toBeUndefined();
    },
    TRANSCODING,
  );
});

describe('a video, as another member gets it', () => {
  it(
    'is an H.264/AAC MP4 without a location, a device or a date, from an iPhone’s HEVC MOV',
    async () => {
      const original = await recordedVideo({ format: 'mov-hevc' });
      expect(original.includes(Buffer.from(RECORDED_LOCATION))).toBe(true);
      const author = await harness.member();
      const other = await harness.member();
      const { post, media } = await postVideo(author, original);
      expect(post?.videoUrl).toMatch(/media\/video\?v=/);

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
    'is turned upright when the phone was held upright, and says nothing of turning any more',
    async () => {
      const author = await harness.member();
      const { media } = await postVideo(author, await recordedVideo({ format: 'mp4-h264', upright: true, seconds: 1 }));
      const found = await probe((await media('video')).content);
      expect(found.streams[0]).toMatchObject({ codec_name: 'h264', width: 360, height: 640 });
      expect(JSON.stringify(found.streams[0])).not.toMatch(/rotat|matrix/i);
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
    'is read from the store as a range when a slice is asked, never whole',
    async () => {
      const author = await harness.member();
      const other = await harness.member();
      const { postId, media } = await postVideo(author, await recordedVideo({ seconds: 1 }));
      const whole = (await media('video', other)).content;
      const reads: string[] = [];
      const { objects } = harness;
      const [get, getRange] = [objects.get.bind(objects), objects.getRange.bind(objects)];
      objects.get = (key) => (reads.push(`get ${key}`), get(key));
      objects.getRange = (key, offset, length) => (
        reads.push(`range ${key} ${offset}+${length}`),
        getRange(key, offset, length)
      );
      try {
        const slice = await harness.client.GetMedia({
          postId,
          viewerId: other,
          variant: 'video',
          offset: 100,
          length: 50,
        });
        expect(slice.content.equals(whole.subarray(100, 150))).toBe(true);
        expect(slice.totalSize).toBe(whole.length);
        const tail = await harness.client.GetMedia({
          postId,
          viewerId: other,
          variant: 'video',
          offset: whole.length - 7,
          length: 4096,
        });
        expect(tail.content.equals(whole.subarray(whole.length - 7))).toBe(true);
      } finally {
        Object.assign(objects, { get, getRange });
      }
      expect(reads).toEqual([
        `range posts/${postId}/video 100+50`,
        `range posts/${postId}/video ${whole.length - 7}+4096`,
      ]);
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
});
