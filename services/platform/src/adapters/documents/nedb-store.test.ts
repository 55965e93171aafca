import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NedbDocumentStore } from './nedb-store.js';

describe('the nedb document store on disk', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-nedb-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has every acknowledged write on disk before close, as after a crash', async () => {
    const store = await NedbDocumentStore.open(dir);
    const notes = await store.collection<{ _id: string; text: string }>('notes');
    await notes.insertOne({ _id: 'n1', text: 'one' });
    await notes.updateOne({ _id: 'n1' }, { $set: { text: 'uno' } });
    await notes.insertOne({ _id: 'n2', text: 'two' });

    const copy = join(dir, 'after-crash');
    await cp(join(dir, 'db'), join(copy, 'db'), { recursive: true });
    const recovered = await NedbDocumentStore.open(copy);
    const found = await (await recovered.collection<{ _id: string; text: string }>('notes')).find({});
    expect(found.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
      { _id: 'n1', text: 'uno' },
      { _id: 'n2', text: 'two' },
    ]);
    await recovered.close();
    await store.close();
  });

  it('ignores a write torn by a crash at the end of a datafile, and keeps working', async () => {
    const store = await NedbDocumentStore.open(dir);
    const notes = await store.collection<{ _id: string }>('notes');
    for (const id of ['a', 'b', 'c']) await notes.insertOne({ _id: id });
    await store.close();
    await appendFile(join(dir, 'db', 'notes.db'), '{"_id":"d","text":"half a li');

    const reopened = await NedbDocumentStore.open(dir);
    const again = await reopened.collection<{ _id: string }>('notes');
    expect(await again.count({})).toBe(3);
    await again.insertOne({ _id: 'e' });
    await reopened.close();

    const third = await NedbDocumentStore.open(dir);
    expect(await (await third.collection('notes')).count({})).toBe(4);
    await third.close();
  });

  it('keeps appending to the datafile nedb rewrote when it compacted', async () => {
    const store = await NedbDocumentStore.open(dir);
    const notes = await store.collection<{ _id: string }>('notes');
    await notes.insertOne({ _id: 'before' });
    // A compaction replaces the file by a new one; appends after it must land in the new file, not the old one.
    await (notes as unknown as { compact(): Promise<void> }).compact();
    await notes.insertOne({ _id: 'after' });

    const copy = join(dir, 'after-crash');
    await cp(join(dir, 'db'), join(copy, 'db'), { recursive: true });
    const recovered = await NedbDocumentStore.open(copy);
    expect(await (await recovered.collection('notes')).count({})).toBe(2);
    await recovered.close();
    await store.close();
  });

  it('refuses to open a directory twice in one process', async () => {
    const store = await NedbDocumentStore.open(dir);
    await expect(NedbDocumentStore.open(dir)).rejects.toThrow(/already open/);
    await store.close();
    await (await NedbDocumentStore.open(dir)).close();
  });

  it('rejects collection names that are not plain file names', async () => {
    const store = await NedbDocumentStore.open(dir);
    await expect(store.collection('../escape')).rejects.toThrow(/invalid collection name/);
    await store.close();
  });
});
