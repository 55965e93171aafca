/**
 * Upgrading a data directory the earlier version wrote (test/fixtures/legacy-data-dir: made by that version, commit
 * ae35ae7, driven through its API by make-legacy-data-dir.mjs, which also noted what its members saw). The built
 * platform refuses to start on it and names the command; the real command (dist/data-import/main.js) imports every
 * document, event and consumer offset and moves the old files aside; the platform started again serves the members
 * what the earlier version served them, and the wallet's ledger passes CheckIntegrity. An import killed at any
 * moment leaves the old data refused or the whole import in use, never a part, and the next run finishes it.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  backupDatabase,
  createGrpcClient,
  createLogger,
  EVENTS_FILE,
  generateServiceTokenSecret,
  hasLegacyData,
  legacyDataIn,
  SERVICE_DIRS,
  SqliteDocumentStore,
  SqliteEventLog,
  type DeliveredEvent,
  type EventEnvelope,
} from '@tip/platform';
import { identityDefinition } from '@tip/identity/contract';
import { ADMIT_AT_ANY_LOAD, freePort, scaled, spawnNode, waitFor, waitUntilServing } from '@tip/platform/testing';
import { startWalletService } from '@tip/wallet';
import { importDataDir, ImportRefused, STAGING_DIR } from './import-data-dir.js';

// Imports run the built command and start the platform on what they wrote.
jest.setTimeout(scaled(120_000));

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const importMain = fileURLToPath(new URL('../../dist/data-import/main.js', import.meta.url));
const fixture = fileURLToPath(new URL('../../test/fixtures/legacy-data-dir', import.meta.url));

/** What the earlier version's API answered each member before it stopped (make-legacy-data-dir.mjs). */
interface Seen {
  admin: { email: string; password: string };
  members: {
    id: string;
    email: string;
    password: string;
    credits: number;
    posts: { id: string; content: string; likeCount: number; commentCount: number }[];
    threads: Record<string, { id: string; content: string }[]>;
    transactions: { id: string; amount: number; kind: string }[];
  }[];
}
const seen = JSON.parse(readFileSync(`${fixture}.seen.json`, 'utf8')) as Seen;

const scratch = mkdtempSync(join(tmpdir(), 'tip-data-import-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let copies = 0;
function copyOfFixture(): string {
  const dir = join(scratch, `data-${++copies}`);
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...env } = process.env;

type Document = { _id: string } & Record<string, unknown>;
const byId = (a: Document, b: Document) => a._id.localeCompare(b._id);

/**
 * The fixture's documents, read here on their own terms: its datafiles were compacted when the earlier version
 * stopped, so each holds one line per document (and its index lines).
 */
function fixtureDocuments(): Map<string, Map<string, Document[]>> {
  const services = new Map<string, Map<string, Document[]>>();
  for (const service of SERVICE_DIRS) {
    const collections = new Map<string, Document[]>();
    for (const file of readdirSync(join(fixture, service, 'db'))) {
      const records = readFileSync(join(fixture, service, 'db', file), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const documents = records.filter((record): record is Document => typeof record._id === 'string');
      expect(new Set(documents.map((document) => document._id)).size).toBe(documents.length);
      collections.set(file.replace(/\.db$/, ''), documents.sort(byId));
    }
    services.set(service, collections);
  }
  return services;
}

/** The fixture's events per topic, each with its line (its offset then); empty lines are compaction's holes. */
function fixtureEvents(): Map<string, { offset: number; envelope: EventEnvelope }[]> {
  const topics = new Map<string, { offset: number; envelope: EventEnvelope }[]>();
  for (const file of readdirSync(join(fixture, 'events')).filter((name) => name.endsWith('.log'))) {
    const lines = readFileSync(join(fixture, 'events', file), 'utf8')
      .split('\n')
      .slice(0, -1);
    const events = lines.flatMap((line, offset) =>
      line === '' ? [] : [{ offset, envelope: JSON.parse(line) as EventEnvelope }],
    );
    topics.set(file.replace(/\.log$/, ''), events);
  }
  return topics;
}

/** Each consumer group's committed offsets: the line of the next event it was to handle, per topic. */
function fixtureOffsets(): { group: string; topic: string; next: number }[] {
  return readdirSync(join(fixture, 'events', 'offsets')).flatMap((file) => {
    const offsets = JSON.parse(readFileSync(join(fixture, 'events', 'offsets', file), 'utf8')) as Record<
      string,
      number
    >;
    const group = decodeURIComponent(file.replace(/\.json$/, ''));
    return Object.entries(offsets).map(([topic, next]) => ({ group, topic, next }));
  });
}

/** Every collection's documents in a data directory's new stores, for the collections the fixture has. */
async function importedDocuments(dataDir: string): Promise<Map<string, Map<string, Document[]>>> {
  const services = new Map<string, Map<string, Document[]>>();
  for (const [service, collections] of fixtureDocuments()) {
    const store = await SqliteDocumentStore.open(join(dataDir, service));
    const imported = new Map<string, Document[]>();
    for (const name of collections.keys()) {
      imported.set(name, (await (await store.collection<Document>(name)).find({})).sort(byId));
    }
    await store.close();
    services.set(service, imported);
  }
  return services;
}

/** What a new consumer group reads of each topic, in order. */
async function importedEvents(log: SqliteEventLog, topics: string[], total: number) {
  const read: DeliveredEvent[] = [];
  const subscription = await log.subscribe({
    group: 'import-check',
    topics,
    handle: async (event) => void read.push(event),
  });
  await waitFor(() => read.length === total, 10_000, 'every imported event');
  await subscription.stop();
  return new Map(
    topics.map((topic) => [
      topic,
      read.filter((event) => event.topic === topic).map(({ topic: _topic, ...envelope }) => envelope),
    ]),
  );
}

function oldFoldersIn(dataDir: string): string[] {
  return ['events', ...SERVICE_DIRS.map((service) => join(service, 'db'))].filter((path) =>
    existsSync(join(dataDir, path)),
  );
}

const marker = (topic: string): EventEnvelope => ({
  id: `marker-${topic}`,
  type: 'ImportChecked',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'marker',
  correlationId: 'marker',
  payload: {},
});

async function finished(running: ReturnType<typeof spawnNode>) {
  return { code: await running.exited, output: running.output() };
}

type Call = (path: string, init?: { method?: string; cookie?: string; json?: unknown }) => Promise<Response>;

function client(base: string): Call {
  return (path, init = {}) => {
    const headers = new Headers();
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const body = init.json === undefined ? undefined : JSON.stringify(init.json);
    return fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body });
  };
}

async function signIn(call: Call, email: string, password: string): Promise<string> {
  const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
  expect([email, response.status]).toEqual([email, 200]);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function json<T>(call: Call, path: string, cookie: string): Promise<T> {
  const response = await call(path, { cookie });
  expect([path, response.status]).toEqual([path, 200]);
  return (await response.json()) as T;
}

describe('a data directory of the earlier version', () => {
  it('is refused at start, imported whole by npm run data:import, then served as before', async () => {
    const dataDir = copyOfFixture();
    const port = await freePort();
    const platformEnv = {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...ADMIT_AT_ANY_LOAD,
      ADMIN_EMAIL: seen.admin.email,
      ADMIN_PASSWORD: seen.admin.password,
      POST_APPROVAL: 'immediate',
    };

    // The start stops, says why and what to run, and opens no store.
    const refused = await finished(spawnNode(main, platformEnv));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${dataDir} holds data written by an earlier version of Tip`);
    expect(refused.output).toContain(`npm run data:import -- ${dataDir}\n`);
    expect(refused.output).not.toContain('    at ');
    expect(existsSync(join(dataDir, EVENTS_FILE))).toBe(false);
    expect(SERVICE_DIRS.filter((service) => existsSync(join(dataDir, service, 'documents.sqlite')))).toEqual([]);

    const imported = await finished(spawnNode(importMain, env, { args: [dataDir] }));
    expect([imported.code, imported.output]).toEqual([0, expect.stringContaining(`Imported ${dataDir}:`)]);
    // The old files went aside, whole; the media, the session secret and the cache journal stay where they were.
    expect(oldFoldersIn(dataDir)).toEqual([]);
    const [movedAside, ...others] = readdirSync(dataDir).filter((name) => name.startsWith('legacy-'));
    expect(others).toEqual([]);
    expect(oldFoldersIn(join(dataDir, movedAside as string))).toEqual(oldFoldersIn(fixture));
    expect(existsSync(join(dataDir, STAGING_DIR))).toBe(false);
    expect(readFileSync(join(dataDir, 'session-secret'))).toEqual(readFileSync(join(fixture, 'session-secret')));

    // Every document of every datafile, with the same content.
    const documents = fixtureDocuments();
    expect(await importedDocuments(dataDir)).toEqual(documents);

    // Every event, in each topic's order, and every consumer group exactly where it was: read on a copy of the log,
    // so that what this check consumes and publishes stays out of the platform's.
    const copyDir = join(scratch, 'log-copy');
    mkdirSync(copyDir);
    await backupDatabase(join(dataDir, EVENTS_FILE), join(copyDir, EVENTS_FILE));
    const events = fixtureEvents();
    const oldOffsets = fixtureOffsets();
    expect(
      SqliteEventLog.committedOffsets(join(copyDir, EVENTS_FILE))
        .map(({ group, topic }) => `${group} ${topic}`)
        .sort(),
    ).toEqual(oldOffsets.map(({ group, topic }) => `${group} ${topic}`).sort());
    const log = await SqliteEventLog.open(copyDir, { retryDelayMs: 20 });
    const total = [...events.values()].reduce((sum, topic) => sum + topic.length, 0);
    const read = await importedEvents(log, [...events.keys()], total);
    expect(read).toEqual(new Map([...events].map(([topic, list]) => [topic, list.map((event) => event.envelope)])));
    // A group gets what it had not handled and what comes now, nothing it had handled: published now is a marker.
    for (const topic of events.keys()) await log.publish(topic, [marker(topic)]);
    for (const { group, topic, next } of oldOffsets) {
      const delivered: string[] = [];
      const subscription = await log.subscribe({
        group,
        topics: [topic],
        handle: async (event) => void delivered.push(event.id),
      });
      await waitFor(() => delivered.includes(`marker-${topic}`), 10_000, `${group} on ${topic}`);
      await subscription.stop();
      const unhandled = (events.get(topic) ?? []).filter((event) => event.offset >= next);
      expect([group, topic, delivered]).toEqual([
        group,
        topic,
        [...unhandled.map((event) => event.envelope.id), `marker-${topic}`],
      ]);
    }
    await log.close();

    // The platform starts and serves each member what the earlier version did.
    const running = spawnNode(main, platformEnv);
    await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running);
    const call = client(`http://127.0.0.1:${port}`);
    await signIn(call, seen.admin.email, seen.admin.password);
    for (const member of seen.members) {
      const cookie = await signIn(call, member.email, member.password);
      const user = await json<{ id: string; credits: number }>(call, '/api/auth/user', cookie);
      expect(user).toMatchObject({ id: member.id, credits: member.credits });
      const feed = await json<
        { post: { id: string; authorId: string | null; content: string }; likeCount: number; commentCount: number }[]
      >(call, '/api/posts/feed', cookie);
      expect(
        feed
          .filter((item) => item.post.authorId === member.id)
          .map((item) => ({
            id: item.post.id,
            content: item.post.content,
            likeCount: item.likeCount,
            commentCount: item.commentCount,
          })),
      ).toEqual(member.posts);
      for (const [otherId, thread] of Object.entries(member.threads)) {
        const messages = await json<{ message: { id: string; content: string } }[]>(
          call,
          `/api/messages/${otherId}`,
          cookie,
        );
        expect(messages.map(({ message }) => ({ id: message.id, content: message.content }))).toEqual(thread);
      }
      const transactions = await json<{ id: string; amount: number; kind: string }[]>(
        call,
        '/api/transactions',
        cookie,
      );
      expect(transactions.map(({ id, amount, kind }) => ({ id, amount, kind }))).toEqual(member.transactions);
    }
    expect(await running.stop('SIGTERM', 30_000)).toBe(0);

    // The ledger's chains hold, entry by entry.
    const walletDocuments = await SqliteDocumentStore.open(join(dataDir, 'wallet'));
    const walletEvents = await SqliteEventLog.open(dataDir);
    const wallet = await startWalletService({
      address: '127.0.0.1:0',
      serviceTokenSecret: generateServiceTokenSecret(),
      documents: walletDocuments,
      events: walletEvents,
      logger: createLogger('data-import-test', 'silent'),
      // Nothing here buys premium: no identity runs beside this check.
      identity: createGrpcClient(identityDefinition(), '127.0.0.1:9', {
        caller: 'wallet',
        serviceTokenSecret: 'unused',
      }),
    });
    try {
      const integrity = await wallet.local.CheckIntegrity({});
      expect(integrity).toMatchObject({ ok: true, problems: [] });
      expect(integrity.entriesChecked).toBe(documents.get('wallet')?.get('ledger_entries')?.length);
    } finally {
      await wallet.stop();
      await walletEvents.close();
      await walletDocuments.close();
    }

    // Run again, the command finds nothing left to import.
    const again = await finished(spawnNode(importMain, env, { args: [dataDir] }));
    expect([again.code, again.output]).toEqual([0, expect.stringContaining('nothing to import')]);
  });

  it('is never half in use when the import is killed, and the next run finishes it', async () => {
    const counts = (documents: Map<string, Map<string, Document[]>>) =>
      [...documents].map(([service, collections]) => [
        service,
        [...collections].map(([name, list]) => [name, list.length]),
      ]);
    const expected = counts(fixtureDocuments());
    const events = [...fixtureEvents().values()].reduce((sum, topic) => sum + topic.length, 0);
    const eventCount = async (dataDir: string) => {
      const log = await SqliteEventLog.open(dataDir);
      try {
        return log.statements.newest.get();
      } finally {
        await log.close();
      }
    };

    // Killed at moments through its work: while it builds the new stores in the staging folder, and as soon as they
    // are all built (the plan written), when it moves them into place and the old folders aside.
    const moments: [string, number][] = [
      [STAGING_DIR, 0],
      [STAGING_DIR, 10],
      [STAGING_DIR, 30],
      [STAGING_DIR, 60],
      [join(STAGING_DIR, 'plan.json'), 0],
      [join(STAGING_DIR, 'plan.json'), 0],
      [join(STAGING_DIR, 'plan.json'), 1],
      [join(STAGING_DIR, 'plan.json'), 2],
    ];
    for (const [trigger, delayMs] of moments) {
      const dataDir = copyOfFixture();
      const running = spawnNode(importMain, env, { args: [dataDir] });
      while (!existsSync(join(dataDir, trigger)) && running.child.exitCode === null) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      running.child.kill('SIGKILL');
      await running.exited;
      if (!hasLegacyData(await legacyDataIn(dataDir))) {
        // The old data all went aside: the new stores are all in place, and whole.
        expect(counts(await importedDocuments(dataDir))).toEqual(expected);
        expect(await eventCount(dataDir)).toBe(events);
      }
      // Otherwise the platform refuses to start (as above); the next run imports or finishes the import.
      const again = await finished(spawnNode(importMain, env, { args: [dataDir] }));
      expect([trigger, delayMs, again.code]).toEqual([trigger, delayMs, 0]);
      expect(oldFoldersIn(dataDir)).toEqual([]);
      expect(existsSync(join(dataDir, STAGING_DIR))).toBe(false);
      expect(counts(await importedDocuments(dataDir))).toEqual(expected);
      expect(await eventCount(dataDir)).toBe(events);
    }
  });

  it('is not imported over stores that already hold data; an empty store in the way is replaced', async () => {
    const dataDir = copyOfFixture();
    const store = await SqliteDocumentStore.open(join(dataDir, 'identity'));
    await (await store.collection('users')).insertOne({ _id: 'someone-new' });
    await store.close();
    const empty = await SqliteDocumentStore.open(join(dataDir, 'wallet'));
    await empty.collection('ledger_entries');
    await empty.close();

    await expect(importDataDir(dataDir)).rejects.toThrow(
      new ImportRefused(
        `${dataDir} already holds data in the current format (identity/documents.sqlite), which the import would ` +
          'replace. Move those files away first if the data of the earlier version is the one to keep.',
      ),
    );
    expect(oldFoldersIn(dataDir)).toEqual(oldFoldersIn(fixture));
    expect(existsSync(join(dataDir, STAGING_DIR))).toBe(false);

    rmSync(join(dataDir, 'identity', 'documents.sqlite'));
    const report = await importDataDir(dataDir);
    expect(report?.documents.find((part) => part.service === 'wallet')?.imported.collections).toMatchObject({
      ledger_entries: fixtureDocuments().get('wallet')?.get('ledger_entries')?.length,
    });
    expect((await importedDocuments(dataDir)).get('wallet')).toEqual(fixtureDocuments().get('wallet'));
  });

  it("of a service run alone is imported into that service's place once the command is told which", async () => {
    const dataDir = join(scratch, 'alone');
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    const users = readFileSync(join(fixture, 'identity', 'db', 'users.db'));
    writeFileSync(join(dataDir, 'db', 'users.db'), users);
    cpSync(join(fixture, 'events'), join(dataDir, 'events'), { recursive: true });

    await expect(importDataDir(dataDir)).rejects.toThrow('--service <identity|wallet|content|messaging|moderation>');
    const report = await importDataDir(dataDir, { service: 'identity', now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
    const fixtureUsers = fixtureDocuments().get('identity')?.get('users');
    expect(report?.documents).toEqual([
      {
        service: 'identity',
        imported: { collections: { users: fixtureUsers?.length }, unreadableLines: 0, tornBytes: 0 },
      },
    ]);
    expect(readdirSync(dataDir).sort()).toEqual([EVENTS_FILE, 'identity', 'legacy-2026-01-02T03-04-05-000Z']);
    expect(readdirSync(join(dataDir, 'legacy-2026-01-02T03-04-05-000Z')).sort()).toEqual(['db', 'events']);
    const store = await SqliteDocumentStore.open(join(dataDir, 'identity'));
    expect((await (await store.collection<Document>('users')).find({})).sort(byId)).toEqual(fixtureUsers);
    await store.close();
  });
});
