/**
 * `npm run bench`, the feed's part: the feed as members use it, through the whole platform, on 3,000 approved posts
 * by 30 members (3 comments and 5 likes each).
 *
 * The live mix: 64 connections, each signed in as one of the members, each request drawn at random: 70% the first
 * page of GET /api/posts/feed, 20% the next page by the cursor (X-Next-Cursor) that the connection's last first
 * page gave, 7% a like toggled on a post of that page, 3% that post's comments. A like makes the liker's kept pages
 * and the post's like count stale in the BFF, so pages served again, counts merged into them and pages rendered
 * afresh are measured together. It runs on the embedded platform (one process), then on the one-machine shape
 * (`npm run start:processes`: each service and the BFF a process of its own) over the same data directory.
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
import { CATEGORIES } from '@tip/content/domain';
import { SqliteDocumentStore } from '@tip/platform';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CONNECTIONS, DURATION_S, load, residentMb } from './measure.js';
import { KINDS, LIVE_CONNECTIONS, liveMix, type Kind } from './live-mix.js';
import { ADMIN, approvedMember, call, signIn, type Session } from './members.js';
import { ratioAtLeast, reportTarget, under } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const POSTS = 3_000;
const MEMBERS = 30;
const COMMENTS = 3;
const LIKES = 5;
const FIRST_PAGE = '/api/posts/feed?limit=20';
/** What Chromium asks for: the BFF answers a page of the feed brotli-compressed (compressed once per page it keeps). */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Content's posts, comments and likes as content writes them: a post counts its likes and comments and keeps
 * copies of its newest comments (all 3 here). Returns cursors spread over the feed.
 */
async function seed(dataDir: string, members: string[]): Promise<string[]> {
  const store = await SqliteDocumentStore.open(join(dataDir, 'content'));
  const insert = (table: string) => store.db.prepare(`INSERT INTO "${table}" (id, doc) VALUES (?, jsonb(?))`);
  const [posts, comments, likes] = [insert('posts'), insert('comments'), insert('likes')];
  const member = (n: number) => members[n % members.length] as string;
  const newest = Date.now() - 60_000;
  const cursors: string[] = [];
  store.db.transaction(() => {
    for (let i = 0; i < POSTS; i++) {
      const postId = randomUUID();
      const at = newest - (POSTS - i) * 60_000;
      const createdAt = new Date(at).toISOString();
      const postComments = Array.from({ length: COMMENTS }, (_, c) => ({
        _id: randomUUID(),
        postId,
        authorId: member(i + 1 + c),
        content: `Commento ${c}: che bello, grazie per averlo scritto!`,
        createdAt: new Date(at + (c + 1) * 1000).toISOString(),
      }));
      const post = {
        authorId: member(i),
        content: `Post numero ${i}: due righe di testo come ne scrivono i membri, con qualche parola in più.`,
        category: CATEGORIES[i % CATEGORIES.length],
        isPremium: false,
        creditCost: 0,
        showProfileData: true,
        showTelegramUsername: false,
        status: 'approved',
        createdAt,
        likeCount: LIKES,
        commentCount: COMMENTS,
        recentComments: postComments,
      };
      // The store reads a path that has held an array element by element, once it knows of it: its own inserts
      // would have told it.
      if (i === 0) store.noteArrays('posts', post);
      posts.run(postId, JSON.stringify(post));
      for (const { _id, ...comment } of postComments) comments.run(_id, JSON.stringify(comment));
      for (let l = 0; l < LIKES; l++) {
        const userId = member(i + 1 + COMMENTS + l);
        likes.run(`${postId}:${userId}`, JSON.stringify({ postId, userId, createdAt }));
      }
      // Each with 20 older posts at least: a full page after it.
      if (i % MEMBERS === MEMBERS - 1) cursors.push(`${createdAt}|${postId}`);
    }
  })();
  await store.close();
  return cursors;
}

/** `main.js` (embedded) or `processes-main.js` (a process per service) on the data directory, once it is ready. */
async function start(entry: string, dataDir: string, port: number): Promise<NodeProcess> {
  const running = spawnNode(join(root, 'services/embedded/dist', entry), {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    POST_APPROVAL: 'immediate',
    // Every member of the bench registers, signs in and likes from this one address.
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    LIKES_LIMIT_PER_MEMBER: '1000000',
    LIKES_LIMIT_PER_ADDRESS: '1000000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/ready`, running, 120_000);
  return running;
}

/**
 * A shape started on the seeded data directory: started once it serves a member's first page, which must be what
 * the bench measures (20 posts by approved authors, each with its comments). Asked again until then: the processes
 * shape's BFF is ready once identity's process answers, when content's may still be starting.
 */
async function startSeeded(entry: string, dataDir: string, port: number, member: Session) {
  const starting = Date.now();
  const running = await start(entry, dataDir, port);
  for (const deadline = Date.now() + 30_000; ;) {
    const response = await fetch(`http://127.0.0.1:${port}${FIRST_PAGE}`, { headers: { cookie: member.cookie } });
    const page = await response.text();
    if (response.ok) {
      const items = JSON.parse(page) as { author: { verificationStatus: string } | null; comments: unknown[] }[];
      if (
        items.length !== 20 ||
        items.some((item) => item.author?.verificationStatus !== 'approved' || item.comments.length !== COMMENTS)
      ) {
        throw new Error(`the feed page is not what the bench measures: ${page.slice(0, 300)}`);
      }
      return { running, page, startMs: Date.now() - starting };
    }
    if (Date.now() > deadline) throw new Error(`${FIRST_PAGE}: ${response.status} ${page}\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resident memory of a shape: its process and the processes it started, in MB. */
function residentShapeMb(running: NodeProcess): number {
  const pid = running.child.pid ?? 0;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  return [pid, ...children].reduce((sum, each) => sum + residentMb(each), 0);
}

/** Resident memory once the start-up's work (consumers catching up, the comments backfill's pass) has settled. */
async function settledMb(running: NodeProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return residentShapeMb(running);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-feed-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    // 1. Real members, known to content through identity's events.
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const registering = await start('main.js', dataDir, port);
    const admin = await signIn(base, ADMIN);
    const members: Session[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await approvedMember(base, admin, `membro${i}`, photo));
    await registering.stop();
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
    const embeddedMix = await liveMix(base, members);
    const embeddedMixCompressed = await liveMix(base, members, BROWSER_ENCODINGS);
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
    const processesMix = await liveMix(base, members);
    const processesAfterMb = residentShapeMb(processes.running);
    await processes.running.stop();

    const row = (name: string, figures: { rps: number; p50: number; p99: number }, done?: Record<Kind, number>) =>
      console.log(
        name.padEnd(50),
        figures.rps.toFixed(0).padStart(7),
        figures.p50.toFixed(1).padStart(7),
        figures.p99.toFixed(1).padStart(7),
        ...(done ? KINDS.map((kind) => String(done[kind]).padStart(kind.length)) : []),
      );
    console.log(
      `\nfeed: ${POSTS} posts by ${MEMBERS} members, 20 items a page (${Buffer.byteLength(embedded.page)} bytes), ${DURATION_S} s a case`,
    );
    console.log('case'.padEnd(50), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), ...KINDS);
    row(`live mix, embedded, ${LIVE_CONNECTIONS} connections`, embeddedMix, embeddedMix.done);
    row(
      `live mix, embedded, brotli, ${LIVE_CONNECTIONS} connections`,
      embeddedMixCompressed,
      embeddedMixCompressed.done,
    );
    row(`live mix, a process per service, ${LIVE_CONNECTIONS} connections`, processesMix, processesMix.done);
    row(`one member's first page, ${CONNECTIONS} connections`, cached);
    row(`one member's first page, brotli, ${CONNECTIONS} connections`, cachedCompressed);
    row(`same bytes, bare node:http, ${CONNECTIONS} connections`, baseline);
    reportTarget(
      'feed',
      ratioAtLeast('live mix / bare node:http serving one page', embeddedMix.rps / baseline.rps, 0.35),
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
