/**
 * `npm run bench`, the feed's part: GET /api/posts/feed (20 items with their authors, like counts and 3 comments
 * each) for a signed-in member, through the whole embedded platform, on a store of 100,000 approved posts; next to
 * a bare node:http server answering the same bytes; and the platform's resident memory holding those posts.
 *
 * The load reads one member's first page, which the BFF renders once and serves again until something changes;
 * pages rendered afresh (other cursors) are timed apart.
 *
 * The posts are written straight into content's datafiles (nedb's JSON lines) while the platform is stopped: going
 * through the API would spend minutes on 100,000 uploads and measure nothing more. Members are real: registered
 * through the API, approved by the admin, so that content learned of them from identity's events.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { CONNECTIONS, DURATION_S, load, residentMb } from './measure.js';
import { ADMIN, approvedMember, call, signIn, type Session } from './members.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const POSTS = 100_000;
/** Only the newest posts need comments: the page measured is the newest 20. */
const POSTS_WITH_COMMENTS = 1_000;
const AUTHORS = 20;

/** Content's datafiles, written as nedb writes them: one JSON document a line. */
function seedPosts(dataDir: string, authors: string[], readers: string[]): string[] {
  const db = join(dataDir, 'content', 'db');
  mkdirSync(db, { recursive: true });
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const posts: string[] = [];
  const comments: string[] = [];
  const likes: string[] = [];
  const cursors: string[] = [];
  for (let i = 0; i < POSTS; i++) {
    const _id = randomUUID();
    const createdAt = new Date(start + i * 60_000).toISOString();
    if (i % 997 === 0) cursors.push(`${createdAt}|${_id}`);
    const newest = i >= POSTS - POSTS_WITH_COMMENTS;
    posts.push(
      JSON.stringify({
        _id,
        authorId: authors[i % authors.length],
        content: `Post numero ${i}: due righe di testo come ne scrivono i membri, con qualche parola in più.`,
        category: (['melanzana', 'patate', 'trending'] as const)[i % 3],
        isPremium: false,
        creditCost: 0,
        showProfileData: true,
        showTelegramUsername: false,
        status: 'approved',
        createdAt,
        likeCount: newest ? readers.length : 0,
        commentCount: newest ? 3 : 0,
        _outbox: [],
      }),
    );
    if (!newest) continue;
    for (let c = 0; c < 3; c++) {
      const commentAt = new Date(Date.parse(createdAt) + (c + 1) * 1000).toISOString();
      const authorId = readers[c % readers.length];
      comments.push(
        JSON.stringify({ _id: randomUUID(), postId: _id, authorId, content: `Commento ${c}`, createdAt: commentAt }),
      );
    }
    for (const userId of readers) {
      likes.push(JSON.stringify({ _id: `${_id}:${userId}`, postId: _id, userId, createdAt }));
    }
  }
  appendFileSync(join(db, 'posts.db'), `${posts.join('\n')}\n`);
  appendFileSync(join(db, 'comments.db'), `${comments.join('\n')}\n`);
  appendFileSync(join(db, 'likes.db'), `${likes.join('\n')}\n`);
  return cursors;
}

async function platform(dataDir: string, port: number): Promise<NodeProcess> {
  const running = spawnNode(join(root, 'services/embedded/dist/main.js'), {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    POST_APPROVAL: 'immediate',
    // Every member of the bench registers from this one address.
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running, 120_000);
  return running;
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
    let running = await platform(dataDir, port);
    const admin = await signIn(base, ADMIN);
    const authors: Session[] = [];
    for (let i = 0; i < AUTHORS; i++) authors.push(await approvedMember(base, admin, `autore${i}`, photo));
    const reader = await approvedMember(base, admin, 'lettore', photo);
    await running.stop();

    // 2. 100,000 posts in content's store, then the platform again.
    const seeding = Date.now();
    const cursors = seedPosts(
      dataDir,
      authors.map((author) => author.id),
      authors.slice(0, 5).map((author) => author.id),
    );
    const seededMs = Date.now() - seeding;
    const starting = Date.now();
    running = await platform(dataDir, port);
    const startMs = Date.now() - starting;
    const feedUrl = `${base}/api/posts/feed?limit=20`;
    const body = await (await call(base, '/api/posts/feed?limit=20', { cookie: reader.cookie })).text();
    const items = JSON.parse(body) as { comments: unknown[]; author: unknown }[];
    if (items.length !== 20 || items.some((item) => item.comments.length === 0 || !item.author)) {
      throw new Error(`the feed page is not what the bench measures: ${body.slice(0, 300)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleMb = residentMb(running.child.pid ?? 0);
    // Pages rendered afresh (each cursor once: nothing cached), one after another.
    const renders: number[] = [];
    for (const cursor of cursors) {
      const started = performance.now();
      await call(base, `/api/posts/feed?limit=20&cursor=${encodeURIComponent(cursor)}`, { cookie: reader.cookie });
      renders.push(performance.now() - started);
    }
    renders.sort((a, b) => a - b);
    const stack = await load(feedUrl, { cookie: reader.cookie });
    const afterMb = residentMb(running.child.pid ?? 0);
    await running.stop();

    // 3. The same bytes from bare node:http.
    const barePort = await freePort();
    const server = spawnNode(join(root, 'services/embedded/dist/bench/bare-server.js'), {
      ...process.env,
      BARE_PORT: String(barePort),
      BARE_BODY: body,
    });
    await waitUntilServing(`http://127.0.0.1:${barePort}/`, server, 10_000);
    const baseline = await load(`http://127.0.0.1:${barePort}/`, {});
    await server.stop();

    const row = (name: string, figures: { rps: number; p99: number }) =>
      console.log(name.padEnd(40), figures.rps.toFixed(0).padStart(8), figures.p99.toFixed(1).padStart(8));
    console.log(
      `\nfeed: ${POSTS} posts, 20 items a page (${Buffer.byteLength(body)} bytes), ${CONNECTIONS} connections, ${DURATION_S} s`,
    );
    console.log('case'.padEnd(40), 'req/s'.padStart(8), 'p99 ms'.padStart(8));
    row('GET /api/posts/feed, whole stack', stack);
    row('same bytes, bare node:http', baseline);
    console.log(
      `ratio whole stack / bare: ${(stack.rps / baseline.rps).toFixed(2)} (targets: >= 3500 req/s, p99 < 50 ms, ratio >= 0.3)`,
    );
    const percentile = (q: number) => (renders[Math.floor(q * (renders.length - 1))] ?? 0).toFixed(1);
    console.log(
      `a page rendered afresh (${renders.length} pages, one at a time): p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms`,
    );
    console.log(
      `resident memory with ${POSTS} posts: ${idleMb.toFixed(0)} MB idle, ${afterMb.toFixed(0)} MB after the load; start-up ${startMs} ms (seeding ${seededMs} ms)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
