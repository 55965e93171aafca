/**
 * The earlier version's stores, written here line by line in their formats (nedb datafiles, the file event log and
 * its offsets files), read and imported into the SQLite engines: what nedb and that log would have served is what
 * the new stores serve, and every consumer group goes on exactly after the last event it had handled.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveredEvent, EventEnvelope } from '../../ports/events.js';
import { waitFor } from '../../testing/wait.js';
import { SqliteDocumentStore } from '../documents/sqlite-store.js';
import { EVENTS_FILE, SqliteEventLog } from '../events/sqlite-event-log.js';
import { createAdapters } from '../index.js';
import { importLegacyDocuments, importLegacyEventLog, storeHoldsData } from './import-legacy.js';
import { LegacyDataError, refuseLegacyData } from './legacy-layout.js';
import { listNedbDatafiles, readNedbDatafile } from './nedb-datafile.js';

const scratch = mkdtempSync(join(tmpdir(), 'tip-legacy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
function newDir(): string {
  const dir = join(scratch, String(++dirs));
  mkdirSync(dir, { recursive: true });
  return dir;
}

const lines = (...records: (object | string)[]) =>
  records.map((record) => (typeof record === 'string' ? record : JSON.stringify(record))).join('\n');

function envelope(n: number, key = `k${n}`): EventEnvelope<{ n: number }> {
  return {
    id: randomUUID(),
    type: 'Counted',
    version: 1,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    key,
    correlationId: 'c',
    payload: { n },
  };
}

const numbers = (events: DeliveredEvent[]) => events.map((event) => (event.payload as { n: number }).n);

describe('an nedb datafile', () => {
  it('reads as nedb loaded it: later lines win, deletions remove, index lines and a torn tail are left out', async () => {
    const dir = newDir();
    const file = join(dir, 'users.db');
    const content = lines(
      { _id: 'anna', name: 'Anna', tags: ['a'], createdAt: { $$date: Date.UTC(2025, 4, 6) } },
      { _id: 'bruno', name: 'Bruno' },
      { $$indexCreated: { fieldName: 'name', unique: true, sparse: false } },
      'not json {',
      { _id: 'anna', name: 'Anna Rossi', tags: ['a', 'b'], createdAt: { $$date: Date.UTC(2025, 4, 6) } },
      { $$deleted: true, _id: 'bruno' },
      { _id: 'carla', nested: { at: { $$date: 0 } } },
      { $$indexRemoved: 'name' },
    );
    writeFileSync(file, `${content}\n{"_id":"dario","na`);

    const read = await readNedbDatafile(file);
    expect(read.documents).toEqual([
      { _id: 'anna', name: 'Anna Rossi', tags: ['a', 'b'], createdAt: new Date(Date.UTC(2025, 4, 6)) },
      { _id: 'carla', nested: { at: new Date(0) } },
    ]);
    expect(read.unreadableLines).toBe(1);
    expect(read.tornBytes).toBe(Buffer.byteLength('{"_id":"dario","na'));
  });

  it('is the `~` file nedb left when it was interrupted before renaming a compacted file into place', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'posts.db'), `${lines({ _id: 'p1' })}\n`);
    writeFileSync(join(dir, 'posts.db~'), `${lines({ _id: 'p1' }, { _id: 'half-written' })}\n`);
    writeFileSync(join(dir, 'likes.db~'), `${lines({ _id: 'l1' })}\n`);
    writeFileSync(join(dir, 'notes.txt'), 'not a datafile');
    expect(Object.fromEntries(await listNedbDatafiles(dir))).toEqual({
      likes: join(dir, 'likes.db~'),
      posts: join(dir, 'posts.db'),
    });
  });
});

describe('importing documents', () => {
  it('puts every document of every collection, with its _id, into a SQLite store that queries them', async () => {
    const legacy = newDir();
    writeFileSync(
      join(legacy, 'posts.db'),
      `${lines(
        { _id: 'p1', authorId: 'anna', tags: ['news', 'rome'], likes: 2, createdAt: { $$date: Date.UTC(2025, 0, 2) } },
        { _id: 'p2', authorId: 'bruno', tags: ['rome'], likes: 0, createdAt: { $$date: Date.UTC(2025, 0, 3) } },
        { $$indexCreated: { fieldName: 'authorId', unique: false, sparse: false } },
      )}\n`,
    );
    writeFileSync(join(legacy, 'empty.db'), '');
    const target = newDir();

    expect(await importLegacyDocuments(legacy, target)).toEqual({
      collections: { empty: 0, posts: 2 },
      unreadableLines: 0,
      tornBytes: 0,
    });
    const store = await SqliteDocumentStore.open(target);
    const posts = await store.collection<{ _id: string; tags: string[]; createdAt: string; likes: number }>('posts');
    // A Date goes in as JSON does everywhere on this store: its ISO string.
    expect(await posts.find({}, { sort: { createdAt: 1 } })).toEqual([
      { _id: 'p1', authorId: 'anna', tags: ['news', 'rome'], likes: 2, createdAt: '2025-01-02T00:00:00.000Z' },
      { _id: 'p2', authorId: 'bruno', tags: ['rome'], likes: 0, createdAt: '2025-01-03T00:00:00.000Z' },
    ]);
    // Array fields answer as Mongo's do: the store learnt which fields hold arrays from the import.
    expect((await posts.find({ tags: 'news' })).map((post) => post._id)).toEqual(['p1']);
    expect(await posts.count({ tags: { $in: ['rome'] } })).toBe(2);
    await store.close();
    expect(storeHoldsData(join(target, 'documents.sqlite'))).toBe(true);
  });

  it('tells an empty store from one that holds data', async () => {
    const dir = newDir();
    const store = await SqliteDocumentStore.open(dir);
    await store.collection('users');
    await store.close();
    expect(storeHoldsData(join(dir, 'documents.sqlite'))).toBe(false);
  });
});

describe('importing the event log', () => {
  // identity.users: offsets 0..7 with holes at 1 and 4 (compaction), a line that is no event at 6, a torn append.
  const users = [envelope(0, 'anna'), envelope(2, 'bruno'), envelope(3, 'carla'), envelope(5, 'dario'), envelope(7)];
  const usersLog = `${lines(users[0] as object, '', users[1] as object, users[2] as object, '', users[3] as object, '{"id":"x"}', users[4] as object)}\n${JSON.stringify(envelope(99)).slice(0, 30)}`;
  const ledger = [envelope(10), envelope(11), envelope(12)];
  /** Where each group stood: the offset of the next line it was to handle. */
  const groups: Record<string, Record<string, number>> = {
    'caught-up': { 'identity.users': 8, 'wallet.ledger': 3 },
    // At the hole at 4: it had handled 0..3, and 5 comes next.
    'at-a-hole': { 'identity.users': 4 },
    // Just after the hole at 1: it had handled 0 only.
    'after-a-hole': { 'identity.users': 2, 'wallet.ledger': 1 },
    'at-the-start': { 'identity.users': 0 },
    // Before the line that was no event: 7 comes next.
    'projections/users': { 'identity.users': 6 },
  };
  /** What each group is to get next, in order, by payload number. */
  const next: Record<string, Record<string, number[]>> = {
    'caught-up': { 'identity.users': [], 'wallet.ledger': [] },
    'at-a-hole': { 'identity.users': [5, 7] },
    'after-a-hole': { 'identity.users': [2, 3, 5, 7], 'wallet.ledger': [11, 12] },
    'at-the-start': { 'identity.users': [0, 2, 3, 5, 7] },
    'projections/users': { 'identity.users': [7] },
  };

  function writeLegacyLog(dir: string) {
    writeFileSync(join(dir, 'wallet.ledger.log'), `${lines(...ledger)}\n`);
    writeFileSync(join(dir, 'identity.users.log'), usersLog);
    writeFileSync(join(dir, 'moderation.reports.log'), '');
    writeFileSync(join(dir, '.tmp-4f1c-identity.users.log'), 'a compaction that never finished\n');
    mkdirSync(join(dir, 'offsets'));
    for (const [group, offsets] of Object.entries(groups)) {
      writeFileSync(join(dir, 'offsets', `${encodeURIComponent(group)}.json`), JSON.stringify(offsets));
    }
  }

  it('carries every event over in its order, without the holes, and each group on to its next event', async () => {
    const legacy = newDir();
    writeLegacyLog(legacy);
    const target = newDir();

    const imported = await importLegacyEventLog(legacy, target);
    expect(imported).toMatchObject({
      topics: { 'identity.users': 5, 'moderation.reports': 0, 'wallet.ledger': 3 },
      holes: 2,
      unreadableLines: 1,
      tornBytes: 30,
    });
    expect(imported.offsets).toHaveLength(7);
    expect(readdirSync(target)).toEqual([EVENTS_FILE]);

    const log = await SqliteEventLog.open(target, { retryDelayMs: 20 });
    // A new group reads each topic whole, in the old order.
    const all: DeliveredEvent[] = [];
    await log.subscribe({
      group: 'new-group',
      topics: ['identity.users', 'wallet.ledger'],
      handle: async (event) => void all.push(event),
    });
    await waitFor(() => all.length === 8, 5000, 'every event');
    expect(all.filter((event) => event.topic === 'identity.users').map(({ topic: _topic, ...rest }) => rest)).toEqual(
      users,
    );
    expect(numbers(all.filter((event) => event.topic === 'wallet.ledger'))).toEqual([10, 11, 12]);

    // Each group gets what it had not handled, then what is published now, and nothing it had handled.
    await log.publish('identity.users', [envelope(100)]);
    await log.publish('wallet.ledger', [envelope(100)]);
    for (const [group, topics] of Object.entries(next)) {
      for (const [topic, expected] of Object.entries(topics)) {
        const seen: DeliveredEvent[] = [];
        const subscription = await log.subscribe({
          group,
          topics: [topic],
          handle: async (event) => void seen.push(event),
        });
        await waitFor(() => numbers(seen).includes(100), 5000, `${group} on ${topic}`);
        await subscription.stop();
        expect([group, topic, numbers(seen)]).toEqual([group, topic, [...expected, 100]]);
      }
    }
    await log.close();
  });
});

describe('a data directory of the earlier version', () => {
  function writeLegacyDataDir(dir: string) {
    mkdirSync(join(dir, 'identity', 'db'), { recursive: true });
    writeFileSync(join(dir, 'identity', 'db', 'users.db'), `${lines({ _id: 'anna' })}\n`);
    mkdirSync(join(dir, 'events', 'offsets'), { recursive: true });
    writeFileSync(join(dir, 'events', 'identity.users.log'), `${lines(envelope(1))}\n`);
  }

  it('stops a start before any store is opened, saying so and naming the command that imports it', async () => {
    const dir = newDir();
    writeLegacyDataDir(dir);
    const start = createAdapters({ dataDir: dir, serviceName: 'identity' });
    await expect(start).rejects.toThrow(LegacyDataError);
    await expect(start).rejects.toThrow(
      `${dir} holds data written by an earlier version of Tip (identity/db/, events/)`,
    );
    await expect(start).rejects.toThrow(`npm run data:import -- ${dir}\n`);
    expect(existsSync(join(dir, EVENTS_FILE))).toBe(false);
    expect(existsSync(join(dir, 'identity', 'documents.sqlite'))).toBe(false);
  });

  it('names the service whose documents a service run alone kept at the top', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'db'));
    writeFileSync(join(dir, 'db', 'ledger_entries.db'), '');
    await expect(createAdapters({ dataDir: dir, serviceName: 'wallet' })).rejects.toThrow(
      `npm run data:import -- ${dir} --service wallet`,
    );
  });

  it('is let be by a process whose engines are elsewhere, and an empty folder of it is no data', async () => {
    const dir = newDir();
    writeLegacyDataDir(dir);
    await expect(refuseLegacyData(dir, { documents: false, events: false })).resolves.toBeUndefined();
    await expect(refuseLegacyData(dir, { documents: false, events: true })).rejects.toThrow('(events/)');
    const empty = newDir();
    mkdirSync(join(empty, 'events', 'offsets'), { recursive: true });
    mkdirSync(join(empty, 'identity', 'db'), { recursive: true });
    await expect(refuseLegacyData(empty, { documents: true, events: true })).resolves.toBeUndefined();
  });
});
