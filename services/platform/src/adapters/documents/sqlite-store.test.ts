import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, OUTBOX_FIELD, outboxIndex } from '../../outbox/outbox.js';
import type { EventEnvelope } from '../../ports/events.js';
import { openDatabase } from '../sqlite/open-database.js';
import { DOCUMENTS_FILE, SqliteDocumentStore } from './sqlite-store.js';

const scratch = mkdtempSync(join(tmpdir(), 'tip-sqlite-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const thingMade = (id: string) => ({ ...newEvent('ThingMade', 1, id, {}, 'c'), id });
const [e1, e2] = [thingMade('e1'), thingMade('e2')];
type Thing = { _id: string; name: string; [OUTBOX_FIELD]?: EventEnvelope[] };
const pending = { [`${OUTBOX_FIELD}.id`]: { $exists: true } };

describe('the SQLite document store', () => {
  it('finds by an array path that another process on the file recorded after this one opened it', async () => {
    const dir = mkdtempSync(join(scratch, 'workers-'));
    const [here, there] = [await SqliteDocumentStore.open(dir), await SqliteDocumentStore.open(dir)];
    const tagged = await here.collection<{ _id: string; tags: string[] }>('tagged');
    expect(await tagged.find({ tags: 'milano' })).toEqual([]);
    const thereTagged = await there.collection<{ _id: string; tags: string[] }>('tagged');
    await thereTagged.insertOne({ _id: 't1', tags: ['milano', 'roma'] });
    expect(await tagged.find({ tags: 'milano' })).toEqual([{ _id: 't1', tags: ['milano', 'roma'] }]);
    await Promise.all([here.close(), there.close()]);
  });

  it('takes deletes in the group commit, in the order asked: a delete asked after an insert not yet committed finds it', async () => {
    const dir = mkdtempSync(join(scratch, 'deletes-'));
    const store = await SqliteDocumentStore.open(dir);
    const things = await store.collection<Thing>('things', [{ fields: { name: 1 } }]);
    const inserted = things.insertOne({ _id: 'a', name: 'uno' });
    const deleted = things.deleteOne({ _id: 'a' });
    const others = Promise.all([things.insertOne({ _id: 'b', name: 'due' }), things.deleteMany({ name: 'due' })]);
    await inserted;
    expect(await deleted).toBe(true);
    expect((await others)[1]).toBe(1);
    expect(await things.find({})).toEqual([]);
    await store.close();
  });

  it("keeps a document's outbox beside it: pulling published events does not write the document again", async () => {
    const dir = mkdtempSync(join(scratch, 'side-'));
    const store = await SqliteDocumentStore.open(dir);
    const things = await store.collection<Thing>('things', [{ fields: { name: 1 } }, outboxIndex]);
    await things.insertOne({ _id: 't1', name: 'uno', [OUTBOX_FIELD]: [e1, e2] });
    // What SQLite does for an update that sets `doc`: its indexes, all over `doc`, are written again.
    store.db.exec(`CREATE TABLE doc_writes (id TEXT);
      CREATE TRIGGER doc_written AFTER UPDATE OF doc ON things BEGIN INSERT INTO doc_writes VALUES (new.id); END;`);
    const docWrites = () => store.db.prepare('SELECT count(*) FROM doc_writes').pluck().get();

    await things.updateMany({ _id: { $in: ['t1'] } }, { $pull: { [OUTBOX_FIELD]: { id: { $in: ['e1'] } } } });
    expect(await things.findOne({ _id: 't1' })).toEqual({ _id: 't1', name: 'uno', [OUTBOX_FIELD]: [e2] });
    expect(await things.count(pending)).toBe(1);
    await things.updateOne({ _id: 't1' }, { $pull: { [OUTBOX_FIELD]: { id: { $in: ['e2'] } } } });
    expect(await things.count(pending)).toBe(0);
    expect(docWrites()).toBe(0);
    await things.updateOne({ _id: 't1' }, { $set: { name: 'one' } });
    expect(docWrites()).toBe(1);
    await store.close();
  });

  it('moves the outboxes a table kept inside its documents into their column, and serves them from there', async () => {
    const dir = mkdtempSync(join(scratch, 'earlier-'));
    // A table as the store wrote it before the outbox had a column, with the index the relay's sweep uses and the
    // note that `_outbox` holds arrays.
    const earlier = openDatabase(join(dir, DOCUMENTS_FILE));
    earlier.exec(`CREATE TABLE things (id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL);
      CREATE INDEX "things$_outbox.id[]" ON things (json_array_length(doc, '$._outbox'))
        WHERE json_array_length(doc, '$._outbox') > 0;
      CREATE TABLE "tip$array_paths" (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path))
        WITHOUT ROWID;
      INSERT INTO "tip$array_paths" VALUES ('things', '_outbox');`);
    const insert = earlier.prepare('INSERT INTO things (id, doc) VALUES (?, jsonb(?))');
    insert.run('t1', JSON.stringify({ name: 'uno', [OUTBOX_FIELD]: [e1] }));
    insert.run('t2', JSON.stringify({ name: 'due', [OUTBOX_FIELD]: [] }));
    insert.run('t3', JSON.stringify({ name: 'tre' }));
    earlier.close();

    const store = await SqliteDocumentStore.open(dir);
    const things = await store.collection<Thing>('things', [outboxIndex]);
    expect(await things.find({}, { sort: { name: 1 } })).toEqual([
      { _id: 't2', name: 'due', [OUTBOX_FIELD]: [] },
      { _id: 't3', name: 'tre' },
      { _id: 't1', name: 'uno', [OUTBOX_FIELD]: [e1] },
    ]);
    expect((await things.find(pending)).map((thing) => thing._id)).toEqual(['t1']);
    const plan = store.db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM things WHERE json_array_length(outbox, '$') > 0`)
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('USING INDEX');
    expect(store.db.prepare(`SELECT count(*) FROM things WHERE doc -> '$._outbox' IS NOT NULL`).pluck().get()).toBe(0);
    await store.close();
  });
});
