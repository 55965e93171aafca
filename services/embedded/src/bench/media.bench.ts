/**
 * The media worker's part of the benches (issue 24): how many seconds the worker takes per second of 1080p video,
 * and the feed's first page under load while it works, next to the same load without it, in one run on the embedded
 * platform (one process; the worker's ffmpeg is a child niced below it). The video is what an iPhone saves: HEVC in
 * a MOV, made by the machine's ffmpeg (libx265) before the platform starts, so its making is not measured.
 * Run it alone: `node scripts/build.mjs && node services/embedded/dist/bench/media.bench.js`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { load } from './measure.js';
import { approvedMember, call, signIn } from './members.js';

const VIDEO_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 30);
const FIRST_PAGE = '/api/posts/feed?limit=20';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moving colours at 1080p and a tone: about what a phone's footage costs to encode. */
async function iphoneClip(folder: string): Promise<Buffer> {
  const file = join(folder, 'IMG_0001.MOV');
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${VIDEO_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${VIDEO_SECONDS}`],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    ...['-c:a', 'aac', '-f', 'mov', file],
  ]);
  return readFileSync(file);
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'tip-media-bench-'));
  const clip = await iphoneClip(folder);
  const platform = await startBuiltPlatform('media-bench', {
    POST_APPROVAL: 'immediate',
    POSTS_LIMIT_PER_MEMBER: '1000',
    POSTS_LIMIT_PER_ADDRESS: '1000',
  });
  const { base } = platform;
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const member = await approvedMember(base, admin, 'regista', photo);
    for (let n = 0; n < 20; n += 1) {
      const form = new FormData();
      form.append('category', 'trending');
      form.append('content', `Post ${n} del feed`);
      await call(base, '/api/posts', { method: 'POST', body: form, cookie: member.cookie });
    }
    const headers = { cookie: member.cookie };
    const idle = await load(`${base}${FIRST_PAGE}`, headers);

    const form = new FormData();
    form.append('category', 'trending');
    form.append('content', 'Il video');
    form.append('media', new Blob([new Uint8Array(clip)], { type: 'video/quicktime' }), 'IMG_0001.MOV');
    const started = Date.now();
    const created = await call(base, '/api/posts', { method: 'POST', body: form, cookie: member.cookie });
    const answeredMs = Date.now() - started;
    const { item } = (await created.json()) as { item: { post: { id: string } } };
    const statusOf = async () =>
      ((await (await call(base, `/api/posts/${item.post.id}`, headers)).json()) as { post: { status: string } }).post
        .status;
    const busy = await load(`${base}${FIRST_PAGE}`, headers);
    const stillProcessingAfterLoad = (await statusOf()) === 'processing';
    while ((await statusOf()) === 'processing') await sleep(200);
    const processingS = (Date.now() - started) / 1000;

    const row = (what: string, figures: { rps: number; p50: number; p99: number }) =>
      `| ${what} | ${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} |`;
    console.log(`\nmedia worker: a ${VIDEO_SECONDS} s 1080p HEVC MOV (${(clip.length / 1e6).toFixed(1)} MB)`);
    console.log(`- upload answered in ${answeredMs} ms (the post is 'processing')`);
    console.log(
      `- processed in ${processingS.toFixed(1)} s: ${(processingS / VIDEO_SECONDS).toFixed(2)} s per second of video`,
    );
    console.log(`- the worker was still at work when the load below ended: ${stillProcessingAfterLoad}`);
    console.log('\n| GET /api/posts/feed (first page) | req/s | p50 ms | p99 ms |\n|---|---|---|---|');
    console.log(row('no video being processed', idle));
    console.log(row('while the worker transcodes', busy));
  } finally {
    await platform.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
