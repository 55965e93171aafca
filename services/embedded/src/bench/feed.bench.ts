/**
 * `npm run bench`, the feed's part: the feed as members use it, through the whole platform, on 3,000 approved posts
 * by 30 members (3 comments and 5 likes each).
 *
 * The live mix: 64 connections, each signed in as one of the members, each request drawn at random: 70% the first
 * page of GET /api/posts/feed, 20% the next page by the cursor (X-Next-Cursor) that the connection's last first
 * page gave, 7% a like toggled on a post of that page, 3% that post's comments. A like makes the liker's kept pages
 * and the post's like count stale in the BFF, so pages served again, counts merged into them and pages rendered
 * afresh are measured together. It runs on the embedded platform (as npm start runs it: a worker per core), then on
 * the one-machine shape (`npm run start:processes`: each service and the BFF a process of its own) over the same data
 * directory.
 *
 * Browsers ask for compressed answers (Accept-Encoding): the live mix and the first page run again as Chromium asks,
 * each page of the feed then brotli-compressed once for as long as the BFF keeps it.
 *
 * Beside it: one member's first page alone (rendered once, then served again) next to bare node:http answering the
 * same bytes; pages rendered afresh (cursors through the whole feed, each asked once), one at a time; resident memory
 * (of a shape's processes together) and start-up, until a member's first page is served whole.
 *
 * The posts, comments and likes are written straight into content's SQLite store, as content writes them, while the
 * platform is stopped: going through the API would spend minutes on uploads and write limits and measure nothing
 * more. Members are real: registered through the API, approved by the admin, so that content learned of them from
 * identity's events.
 */
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONNECTIONS, DURATION_S, load } from './measure.js';
import {
  BROWSER_ENCODINGS,
  FIRST_PAGE,
  MEMBERS,
  POSTS,
  registerMembers,
  residentShapeMb,
  seed,
  settle,
  startSeeded,
} from './feed-data.js';
import { KINDS, LIVE_CONNECTIONS, liveMix, type Kind } from './live-mix.js';
import { call, type Session } from './members.js';
import { ratioAtLeast, reportTarget, under } from '@tip/platform/bench';

/**
 * The live mix runs past the admission gate's in-flight bound (LIVE_CONNECTIONS against ADMISSION_MAX_IN_FLIGHT's 32)
 * on production's settings, as every bench: its 503s are counted beside the 2xx answers a second, which the targets
 * take (overload.bench measures the gate itself).
 */
const SHED_COUNTED = { countBusy: true };

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Resident memory once the start-up's work has settled. */
async function settledMb(running: NodeProcess): Promise<number> {
  await settle();
  return residentShapeMb(running);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-feed-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    // 1. Real members, known to content through identity's events.
    const members = await registerMembers(dataDir, port);
    const reader = members[0] as Session;

    // 2. The posts in content's store.
    const seeding = Date.now();
    const cursors = await seed(
      dataDir,
      members.map((member) => member.id),
    );
    const seededMs = Date.now() - seeding;

    // 3. The embedded platform: pages rendered afresh, one page served again, the live mix.
    const embedded = await startSeeded('main.js', dataDir, port, reader);
    const embeddedIdleMb = await settledMb(embedded.running);
    const renders: number[] = [];
    for (const cursor of cursors) {
      const started = performance.now();
      await call(base, `${FIRST_PAGE}&cursor=${encodeURIComponent(cursor)}`, { cookie: reader.cookie });
      renders.push(performance.now() - started);
    }
    renders.sort((a, b) => a - b);
    const cached = await load(`${base}${FIRST_PAGE}`, { cookie: reader.cookie });
    const cachedCompressed = await load(`${base}${FIRST_PAGE}`, { cookie: reader.cookie, ...BROWSER_ENCODINGS });
    const embeddedMix = await liveMix(base, members, {}, SHED_COUNTED);
    const embeddedMixCompressed = await liveMix(base, members, BROWSER_ENCODINGS, SHED_COUNTED);
    const embeddedAfterMb = residentShapeMb(embedded.running);
    await embedded.running.stop();

    // 4. The same bytes from bare node:http.
    const barePort = await freePort();
    const server = spawnNode(join(root, 'services/embedded/dist/bench/bare-server.js'), {
      ...process.env,
      BARE_PORT: String(barePort),
      BARE_BODY: embedded.page,
    });
    await waitUntilServing(`http://127.0.0.1:${barePort}/`, server, 10_000);
    const baseline = await load(`http://127.0.0.1:${barePort}/`, {});
    await server.stop();

    // 5. A process per service, on the same data directory.
    const processes = await startSeeded('processes-main.js', dataDir, port, reader);
    const processesIdleMb = await settledMb(processes.running);
    const processesMix = await liveMix(base, members, {}, SHED_COUNTED);
    const processesAfterMb = residentShapeMb(processes.running);
    await processes.running.stop();

    /** A live mix's row: its 2xx answers a second, and the gate's refusals after its kinds' counts. */
    const mixRow = (name: string, mix: Awaited<ReturnType<typeof liveMix>>) =>
      row(name, { ...mix, rps: mix.answeredRps }, mix.done, mix.busy);
    const row = (
      name: string,
      figures: { rps: number; p50: number; p99: number },
      done?: Record<Kind, number>,
      busy?: number,
    ) =>
      console.log(
        name.padEnd(50),
        figures.rps.toFixed(0).padStart(7),
        figures.p50.toFixed(1).padStart(7),
        figures.p99.toFixed(1).padStart(7),
        ...(done ? KINDS.map((kind) => String(done[kind]).padStart(kind.length)) : []),
        ...(busy === undefined ? [] : [String(busy).padStart('busy'.length)]),
      );
    console.log(
      `\nfeed: ${POSTS} posts by ${MEMBERS} members, 20 items a page (${Buffer.byteLength(embedded.page)} bytes), ${DURATION_S} s a case`,
    );
    console.log('case'.padEnd(50), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), ...KINDS, 'busy');
    mixRow(`live mix, embedded, ${LIVE_CONNECTIONS} connections`, embeddedMix);
    mixRow(`live mix, embedded, brotli, ${LIVE_CONNECTIONS} connections`, embeddedMixCompressed);
    mixRow(`live mix, a process per service, ${LIVE_CONNECTIONS} connections`, processesMix);
    row(`one member's first page, ${CONNECTIONS} connections`, cached);
    row(`one member's first page, brotli, ${CONNECTIONS} connections`, cachedCompressed);
    row(`same bytes, bare node:http, ${CONNECTIONS} connections`, baseline);
    reportTarget(
      'feed',
      ratioAtLeast('live mix / bare node:http serving one page', embeddedMix.answeredRps / baseline.rps, 0.35),
    );
    reportTarget('feed', under('live mix p99', embeddedMix.p99, 50, 'ms'));
    reportTarget('feed', ratioAtLeast("one member's first page / bare node:http", cached.rps / baseline.rps, 0.6));
    const percentile = (q: number) => (renders[Math.floor(q * (renders.length - 1))] ?? 0).toFixed(1);
    console.log(
      `a page rendered afresh (${renders.length} pages, one at a time): p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms`,
    );
    console.log(
      `resident memory, idle / after the load: embedded ${embeddedIdleMb.toFixed(0)} / ${embeddedAfterMb.toFixed(0)} MB, a process per service ${processesIdleMb.toFixed(0)} / ${processesAfterMb.toFixed(0)} MB (its processes together)`,
    );
    console.log(
      `start-up until a member's first page is served: embedded ${embedded.startMs} ms, a process per service ${processes.startMs} ms (seeding ${seededMs} ms)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
