import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SqliteDocumentStore } from '../adapters/index.js';
import { DomainError } from '../errors/domain-error.js';
import { decodePosition, encodePosition, newestFirst, olderThan, type PagePosition } from './newest-first.js';

describe('newest-first paging', () => {
  it('pages through entries of the same millisecond without skipping or repeating any', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tip-paging-'));
    const store = await SqliteDocumentStore.open(dir);
    const entries = await store.collection<{ _id: string; createdAt: string }>('entries');
    const times = ['2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.001Z'];
    for (let n = 0; n < 9; n++) await entries.insertOne({ _id: `e${n}`, createdAt: times[n % 2] as string });
    const seen: string[] = [];
    let position: PagePosition | undefined;
    for (;;) {
      const page = await entries.find(position ? olderThan('createdAt', position) : {}, {
        sort: newestFirst('createdAt'),
        limit: 2,
      });
      seen.push(...page.map((entry) => entry._id));
      const last = page.at(-1);
      if (page.length < 2 || !last) break;
      position = decodePosition(encodePosition({ at: last.createdAt, id: last._id }));
    }
    await store.close();
    await rm(dir, { recursive: true, force: true });
    expect(seen).toEqual(['e7', 'e5', 'e3', 'e1', 'e8', 'e6', 'e4', 'e2', 'e0']);
  });

  it('refuses a cursor it did not make', () => {
    for (const cursor of ['2026-11-25T10:00:00.000Z', 'x|e1', '|e1', '2026-11-25T10:00:00.000Z|'])
      expect(() => decodePosition(cursor)).toThrow(DomainError);
  });
});
