/**
 * `npm run bench`, the media worker's part (issue 24): how many seconds the worker takes per second of 1080p video,
 * and the feed's live mix (live-mix.ts) while it works, next to the same mix without it, in one run on the embedded
 * platform (one process; the worker's ffmpeg is a child niced below it), as a ratio: the worker must not starve
 * requests. The video is what an iPhone saves: HEVC in a MOV, made by the machine's ffmpeg (libx265) before the
 * platform starts, so its making is not measured. Alone: `node services/embedded/dist/bench/media.bench.js`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { atMost, ratioAtLeast, reportTarget } from '@tip/platform/bench';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { LIVE_CONNECTIONS, liveMix } from './live-mix.js';
import { approvedMember, call, signIn, type Session } from './members.js';

const VIDEO_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 30);
/** Members the live mix signs in as, and the text posts of theirs it pages through (three pages and more). */
const MEMBERS = 8;
const POSTS = 64;
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
    // The mix's likes, at its rate, as the feed bench allows them.
    LIKES_LIMIT_PER_MEMBER: '1000000',
    LIKES_LIMIT_PER_ADDRESS: '1000000',
  });
  const { base } = platform;
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const members: Session[] = [];
    for (let n = 0; n < MEMBERS; n += 1) members.push(await approvedMember(base, admin, `regista${n}`, photo));
    for (let n = 0; n < POSTS; n += 1) {
      const form = new FormData();
      form.append('category', 'trending');
      form.append('content', `Post ${n} del feed`);
      await call(base, '/api/posts', { method: 'POST', body: form, cookie: members[n % MEMBERS]?.cookie });
    }
    const author = members[0] as Session;
    const idle = await liveMix(base, members, {}, { countBusy: true });

    const form = new FormData();
    form.append('category', 'trending');
    form.append('content', 'Il video');
    form.append('media', new Blob([new Uint8Array(clip)], { type: 'video/quicktime' }), 'IMG_0001.MOV');
    const started = Date.now();
    const created = await call(base, '/api/posts', { method: 'POST', body: form, cookie: author.cookie });
    const answeredMs = Date.now() - started;
    const { item } = (await created.json()) as { item: { post: { id: string } } };
    /** The post's status; 'busy' while the admission gate sheds load (503), which the worker may cause. */
    const statusOf = async () => {
      const answer = await fetch(`${base}/api/posts/${item.post.id}`, { headers: { cookie: author.cookie } });
      if (answer.status === 503) return 'busy';
      if (!answer.ok) throw new Error(`the video's post: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { post: { status: string } }).post.status;
    };
    const busy = await liveMix(base, members, {}, { countBusy: true });
    const stillProcessingAfterMix = ['processing', 'busy'].includes(await statusOf());
    while (['processing', 'busy'].includes(await statusOf())) await sleep(200);
    const processingS = (Date.now() - started) / 1000;
    const perSecond = processingS / VIDEO_SECONDS;

    const row = (what: string, figures: Awaited<ReturnType<typeof liveMix>>) =>
      `| ${what} | ${figures.answeredRps.toFixed(0)} | ${figures.busy} | ${figures.p50} | ${figures.p99} |`;
    console.log(`\nmedia worker: a ${VIDEO_SECONDS} s 1080p HEVC MOV (${(clip.length / 1e6).toFixed(1)} MB)`);
    console.log(`- upload answered in ${answeredMs} ms (the post is 'processing')`);
    console.log(`- processed in ${processingS.toFixed(1)} s: ${perSecond.toFixed(2)} s per second of video`);
    console.log(`- the worker was still at work when the mix below ended: ${stillProcessingAfterMix}`);
    console.log(
      `\n| feed's live mix, ${LIVE_CONNECTIONS} connections | answered/s | 503 'server busy' | p50 ms | p99 ms |\n|---|---|---|---|---|`,
    );
    console.log(row('no video being processed', idle));
    console.log(row('while the worker transcodes', busy));
    reportTarget('media', atMost('seconds of processing per second of 1080p video', perSecond, 1, 's'));
    // Measured while the worker still worked, or the ratio says nothing of it.
    reportTarget(
      'media',
      ratioAtLeast(
        'live mix while the worker transcodes / without it',
        stillProcessingAfterMix ? busy.answeredRps / idle.answeredRps : 0,
        0.7,
      ),
    );
  } finally {
    await platform.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
