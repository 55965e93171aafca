/**
 * `npm run bench`, the admin console's part: GET /api/admin/users (25 a page, with each member's balance) for the
 * signed-in admin, through the whole embedded platform, on a store of 10,000 members: the first page, a deep page
 * (300), a search (`user12`, a few dozen matches) and a filter (pending testers). Each one under load (a few admins:
 * 10 connections; req/s, p50, p99) and one request at a time; every page read once, in order, as an admin paging
 * through would (each one's balances not yet known to the BFF, and which members it lists not yet kept by identity,
 * so each is read as on a first visit); and the platform's resident memory holding them.
 *
 * The members are written straight into identity's documents store (through the documents port, as the embedded
 * platform opens it) while the platform is stopped: registering 10,000 through the API would spend minutes hashing
 * passwords and measure nothing more. They never sign in, so they have no password; the admin is the one the platform
 * creates at its start. They have no username skeleton, which identity gives them at its start, as it does to members
 * stored before skeletons existed (the start-up time includes it).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserAccount } from '@tip/identity/domain';
import { usernameKey } from '@tip/identity/domain';
import { createLogger, openDocumentStore } from '@tip/platform';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { DURATION_S, load, residentMb } from './measure.js';
import { ADMIN, call, signIn } from './members.js';
import { atLeast, reportTarget, under } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const USERS = 10_000;
const PAGE = 25;
/**
 * The console's load: a few admins, not the members' 50 connections. A deep page or a search still reads thousands
 * of users: 50 connections would queue for a second and more, and a saturated Node server then leaves some new
 * connections unserved past autocannon's 10 s timeout, which fails the bench.
 */
const ADMIN_CONNECTIONS = 10;
/** One request at a time, per case, once the pages' balances are known. */
const SEQUENTIAL = 200;

/** A user as identity stores it (services/identity/src/infra/user-document.ts), without a password. */
// As identity stores a user: whether the address is confirmed and the session generation are stored otherwise.
type SeededUser = Omit<UserAccount, 'id' | 'emailConfirmed' | 'sessionGeneration' | 'secondFactor'> & {
  _id: string;
  usernameLower: string;
  verificationSubmittedAt?: string;
  revision: number;
  updatedAt: string;
};

const FIRST_NAMES = [
  'Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Alessandro', 'Sara', 'Andrea', 'Martina', 'Matteo',
  'Valentina', 'Davide', 'Elena', 'Simone', 'Federica', 'Lorenzo', 'Alessia', 'Riccardo', 'Silvia', 'Stefano',
  'Laura', 'Giorgio', 'Paola', 'Fabio', 'Roberta', 'Paolo', 'Ilaria', 'Nicola', 'Beatrice', 'Tommaso',
]; // prettier-ignore
const LAST_NAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno',
  'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri',
  'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone',
]; // prettier-ignore
const PLACES = [
  ['Lazio', 'Roma'], ['Lombardia', 'Milano'], ['Campania', 'Napoli'], ['Piemonte', 'Torino'], ['Sicilia', 'Palermo'],
  ['Liguria', 'Genova'], ['Emilia-Romagna', 'Bologna'], ['Toscana', 'Firenze'], ['Puglia', 'Bari'],
  ['Veneto', 'Venezia'], ['Veneto', 'Verona'], ['Sardegna', 'Cagliari'],
] as const; // prettier-ignore
const DOMAINS = ['gmail.com', 'libero.it', 'hotmail.it', 'yahoo.it', 'outlook.com', 'tiscali.it'];

/** A small seeded generator (mulberry32): the same members on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

/**
 * Identity's users collection (USERS_COLLECTION in user-repository.ts) in the store the embedded platform opens for
 * identity, under <DATA_DIR>/identity; identity makes its indexes when it starts. Usernames and e-mails are unique, as
 * those indexes require. One member in eight kept a `user<n>` username (n from 0 to 1,249): `user12` matches 61 of
 * them.
 */
async function seedUsers(dataDir: string): Promise<void> {
  const store = await openDocumentStore({ dataDir: join(dataDir, 'identity'), logger: createLogger('bench', 'warn') });
  const users = await store.collection<SeededUser>('users');
  const { next, pick } = generator(20_260_101);
  const from = Date.parse('2024-01-01T00:00:00.000Z');
  const span = Date.parse('2026-01-01T00:00:00.000Z') - from;
  for (let i = 0; i < USERS; i++) {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const handle = `${firstName}${lastName.replace(' ', '')}`.toLowerCase();
    const username = i % 8 === 0 ? `user${i / 8}` : `${handle}${i}`;
    const [region, city] = pick(PLACES);
    const roll = next();
    const verificationStatus = roll < 0.6 ? 'approved' : roll < 0.85 ? 'pending' : 'rejected';
    const createdAt = new Date(from + Math.floor(next() * span)).toISOString();
    const _id = randomUUID();
    const user: SeededUser = {
      _id,
      username,
      usernameLower: usernameKey(username),
      email: `${handle}.${i}@${pick(DOMAINS)}`,
      firstName,
      lastName,
      age: 18 + Math.floor(next() * 50),
      region,
      city,
      gender: pick(['male', 'female'] as const),
      orientation: pick(['etero', 'etero', 'etero', 'gay', 'bisessuale'] as const),
      verificationPhotoKey: `verification/${_id}/photo.jpg`,
      verificationStatus,
      ...(verificationStatus === 'rejected' && { verificationNotes: 'Foto non chiara' }),
      ...(verificationStatus === 'pending' && { verificationSubmittedAt: createdAt }),
      isAdmin: false,
      isTester: next() < 0.05,
      isOnline: false,
      needsProfileSetup: false,
      createdAt,
      updatedAt: createdAt,
      revision: 0,
    };
    await users.insertOne(user);
  }
  await store.close();
}

async function platform(dataDir: string, port: number): Promise<NodeProcess> {
  const running = spawnNode(join(root, 'services/embedded/dist/main.js'), {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running, 120_000);
  return running;
}

interface UserList {
  users: { id: string; credits: number | null }[];
  total: number;
}

/** Milliseconds of each request, one after another. */
async function timed(paths: string[], request: (path: string) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    await request(path);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-admin-users-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    // 1. 10,000 members in identity's store, then the platform, which adds its admin.
    const seeding = Date.now();
    await seedUsers(dataDir);
    const seededMs = Date.now() - seeding;
    const starting = Date.now();
    const running = await platform(dataDir, port);
    const startMs = Date.now() - starting;
    const admin = await signIn(base, ADMIN);
    const list = async (path: string) => (await (await call(base, path, { cookie: admin.cookie })).json()) as UserList;

    const cases = [
      { name: 'first page', path: `/api/admin/users?page=1&limit=${PAGE}` },
      { name: 'deep page (300)', path: `/api/admin/users?page=300&limit=${PAGE}` },
      { name: 'search user12', path: `/api/admin/users?search=user12&page=1&limit=${PAGE}` },
      { name: 'pending testers', path: `/api/admin/users?verification=pending&role=tester&page=1&limit=${PAGE}` },
    ];
    const first = await list(cases[0]?.path ?? '');
    if (first.total !== USERS + 1 || first.users.length !== PAGE || first.users.some((user) => user.credits !== 0)) {
      throw new Error(`the first page is not what the bench measures: ${JSON.stringify(first).slice(0, 300)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleMb = residentMb(running.child.pid ?? 0);

    // 2. Every page once, in order: each page's 25 balances are new to the BFF.
    const pages = Math.ceil(first.total / PAGE);
    const paging = await timed(
      Array.from({ length: pages }, (_, index) => `/api/admin/users?page=${index + 1}&limit=${PAGE}`),
      list,
    );

    // 3. Each case one request at a time, then under load.
    const results = [];
    for (const { name, path } of cases) {
      const answer = await list(path);
      if (answer.total === 0 || answer.users.length === 0) throw new Error(`${name}: nothing found`);
      const alone = await timed(
        Array.from({ length: SEQUENTIAL }, () => path),
        list,
      );
      const loaded = await load(`${base}${path}`, { cookie: admin.cookie }, ADMIN_CONNECTIONS);
      results.push({ name, total: answer.total, alone, loaded });
    }
    const afterMb = residentMb(running.child.pid ?? 0);
    await running.stop();

    const ms = (value: number) => value.toFixed(1).padStart(8);
    console.log(
      `\nadmin users: ${USERS} members and the admin, ${PAGE} a page; ${ADMIN_CONNECTIONS} connections, ${DURATION_S} s each; one at a time: ${SEQUENTIAL} requests`,
    );
    console.log(
      'case'.padEnd(18),
      'matches'.padStart(8),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'alone p50'.padStart(10),
      'alone p99'.padStart(10),
    );
    for (const { name, total, alone, loaded } of results) {
      console.log(
        name.padEnd(18),
        String(total).padStart(8),
        loaded.rps.toFixed(0).padStart(8),
        ms(loaded.p50),
        ms(loaded.p99),
        ms(percentile(alone, 0.5)).padStart(10),
        ms(percentile(alone, 0.99)).padStart(10),
      );
    }
    console.log('(under load: req/s, p50, p99; alone: one request at a time, in ms)');
    for (const { name, loaded } of results) {
      reportTarget('admin users', atLeast(`${name}, under load`, loaded.rps, 500, 'req/s'));
      reportTarget('admin users', under(`${name}, p99 under load`, loaded.p99, 50, 'ms'));
    }
    console.log(
      `every page once, in order (${paging.length} pages, read afresh: balances and pages not yet kept): p50 ${percentile(paging, 0.5).toFixed(1)} ms, p99 ${percentile(paging, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `resident memory with ${USERS} members: ${idleMb.toFixed(0)} MB idle, ${afterMb.toFixed(0)} MB after the load; start-up ${startMs} ms (seeding ${seededMs} ms)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
