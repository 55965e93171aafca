/**
 * The feed benches' data and platforms: members registered through the API, 3,000 approved posts by them (3 comments
 * and 5 likes each) written straight into content's store, and a shape of the platform started on them.
 */
import { CATEGORIES } from '@tip/content/domain';
import { SqliteDocumentStore, type DocumentStore } from '@tip/platform';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { residentMb } from './measure.js';
import { ADMIN, approvedMember, signIn, type Session } from './members.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
export const POSTS = 3_000;
export const MEMBERS = 30;
const COMMENTS = 3;
const LIKES = 5;
export const FIRST_PAGE = '/api/posts/feed?limit=20';
/** What Chromium asks for: the BFF answers a page of the feed brotli-compressed (compressed once per page it keeps). */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A post, comment or like as content stores it: its id, and the rest of the document. */
type Row = { _id: string } & Record<string, unknown>;

/**
 * Content's posts, comments and likes as content writes them: a post counts its likes and comments and keeps
 * copies of its newest comments (all 3 here). With cursors spread over the feed.
 */
function feedDocuments(members: string[]) {
  const member = (n: number) => members[n % members.length] as string;
  const newest = Date.now() - 60_000;
  const posts: Row[] = [];
  const comments: Row[] = [];
  const likes: Row[] = [];
  const cursors: string[] = [];
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
    posts.push({
      _id: postId,
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
    });
    comments.push(...postComments);
    for (let l = 0; l < LIKES; l++) {
      const userId = member(i + 1 + COMMENTS + l);
      likes.push({ _id: `${postId}:${userId}`, postId, userId, createdAt });
    }
    // Each with 20 older posts at least: a full page after it.
    if (i % MEMBERS === MEMBERS - 1) cursors.push(`${createdAt}|${postId}`);
  }
  return { collections: { posts, comments, likes }, cursors };
}

/** The feed's documents written straight into content's SQLite store (the platform stopped); returns its cursors. */
export async function seed(dataDir: string, members: string[]): Promise<string[]> {
  const { collections, cursors } = feedDocuments(members);
  const store = await SqliteDocumentStore.open(join(dataDir, 'content'));
  store.db.transaction(() => {
    for (const [table, rows] of Object.entries(collections)) {
      const insert = store.db.prepare(`INSERT INTO "${table}" (id, doc) VALUES (?, jsonb(?))`);
      // The store reads a path that has held an array element by element, once it knows of it: its own inserts
      // would have told it.
      const [first] = rows;
      if (first) store.noteArrays(table, first);
      for (const { _id, ...rest } of rows) insert.run(_id, JSON.stringify(rest));
    }
  })();
  await store.close();
  return cursors;
}

/**
 * The feed's documents written into content's collections through a running store (content's MongoDB database, in
 * the distributed shape), 32 writes at a time; returns its cursors.
 */
export async function seedThrough(store: DocumentStore, members: string[]): Promise<string[]> {
  const { collections, cursors } = feedDocuments(members);
  for (const [name, rows] of Object.entries(collections)) {
    const collection = await store.collection<Row>(name);
    for (let at = 0; at < rows.length; at += 32)
      await Promise.all(rows.slice(at, at + 32).map((row) => collection.insertOne(row)));
  }
  return cursors;
}

/**
 * `main.js` (embedded) or `processes-main.js` (a process per service) on the data directory, once it is ready; `env`
 * adds or overrides its settings.
 */
export async function start(
  entry: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<NodeProcess> {
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
    ...env,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/ready`, running, 120_000);
  return running;
}

/**
 * A shape started on the seeded data directory: started once it serves a member's first page, which must be what
 * the bench measures (20 posts by approved authors, each with its comments). Asked again until then: the processes
 * shape's BFF is ready once identity's process answers, when content's may still be starting.
 */
export async function startSeeded(
  entry: string,
  dataDir: string,
  port: number,
  member: Session,
  env: Record<string, string> = {},
) {
  const starting = Date.now();
  const running = await start(entry, dataDir, port, env);
  const page = await firstPageServed(`http://127.0.0.1:${port}`, member, () => running.output());
  return { running, page, startMs: Date.now() - starting };
}

/**
 * A member's first page once `base` serves it, which must be what the bench measures (20 posts by approved authors,
 * each with its comments): asked again until then, for 30 s.
 */
export async function firstPageServed(base: string, member: Session, output = () => ''): Promise<string> {
  for (const deadline = Date.now() + 30_000; ;) {
    const response = await fetch(`${base}${FIRST_PAGE}`, { headers: { cookie: member.cookie } });
    const page = await response.text();
    if (response.ok) {
      const items = JSON.parse(page) as { author: { verificationStatus: string } | null; comments: unknown[] }[];
      if (
        items.length !== 20 ||
        items.some((item) => item.author?.verificationStatus !== 'approved' || item.comments.length !== COMMENTS)
      ) {
        throw new Error(`the feed page is not what the bench measures: ${page.slice(0, 300)}`);
      }
      return page;
    }
    if (Date.now() > deadline) throw new Error(`${FIRST_PAGE}: ${response.status} ${page}\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Hands `use` a scratch data directory with the feed's members registered and their posts seeded, and the port its
 * platform is to serve on; removes the directory after.
 */
export async function withSeededFeed<R>(
  name: string,
  use: (feed: { dataDir: string; port: number; members: Session[] }) => Promise<R>,
): Promise<R> {
  const dataDir = mkdtempSync(join(tmpdir(), `tip-${name}-`));
  try {
    const port = await freePort();
    const members = await registerMembers(dataDir, port);
    await seed(
      dataDir,
      members.map((member) => member.id),
    );
    return await use({ dataDir, port, members });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Registers the members through the platform (one process) on the data directory, and stops it. */
export async function registerMembers(dataDir: string, port: number): Promise<Session[]> {
  const registering = await start('main.js', dataDir, port, { WORKERS: '1' });
  try {
    return await feedMembersOn(`http://127.0.0.1:${port}`, await signIn(`http://127.0.0.1:${port}`, ADMIN));
  } finally {
    await registering.stop();
  }
}

/** The feed's members registered on `base` and approved by `admin`, their names ending with `suffix`. */
export async function feedMembersOn(base: string, admin: Session, suffix = ''): Promise<Session[]> {
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  const members: Session[] = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await approvedMember(base, admin, `membro${i}${suffix}`, photo));
  return members;
}

/** The processes a shape started (a process per service, or npm start's workers). */
export function childPids(running: NodeProcess): number[] {
  const pid = running.child.pid ?? 0;
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

/** Resident memory of a shape: its process and the processes it started, in MB. */
export function residentShapeMb(running: NodeProcess): number {
  return [running.child.pid ?? 0, ...childPids(running)].reduce((sum, each) => sum + residentMb(each), 0);
}

/** Once the start-up's work (consumers catching up, the comments backfill's pass) has settled. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}
