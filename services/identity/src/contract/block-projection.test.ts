import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteDocumentStore } from '@tip/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockProjection } from './block-projection.js';
import { blockKey } from './events.js';

let dir: string;
let store: SqliteDocumentStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tip-block-projection-'));
  store = await SqliteDocumentStore.open(dir);
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the block projection', () => {
  it('holds a block both ways until lifted, a repeat changing nothing', async () => {
    const blocks = await BlockProjection.open(store);
    await blocks.add('anna', 'bruno');
    await blocks.add('anna', 'bruno');
    expect(await blocks.between('anna', 'bruno')).toBe(true);
    expect(await blocks.between('bruno', 'anna')).toBe(true);
    expect(await blocks.has('bruno', 'anna')).toBe(false);
    expect(await blocks.hiddenFrom('bruno')).toEqual(['anna']);
    await blocks.remove('anna', 'bruno');
    await blocks.remove('anna', 'bruno');
    expect(await blocks.between('anna', 'bruno')).toBe(false);
  });

  it('keeps each pair under the key of its events', async () => {
    const blocks = await BlockProjection.open(store, 'service_blocks');
    await blocks.add('anna', 'bruno');
    const documents = await (await store.collection<{ _id: string }>('service_blocks')).find({});
    expect(documents.map((document) => document._id)).toEqual([blockKey('anna', 'bruno')]);
  });

  it('answers a wait for a state it holds at once, and for one it does not hold yet once it gets there', async () => {
    const blocks = await BlockProjection.open(store);
    await blocks.add('anna', 'bruno');
    expect(await blocks.awaitState({ blockerId: 'anna', blockedId: 'bruno', blocked: true })).toBe(true);
    expect(await blocks.awaitState({ blockerId: 'carla', blockedId: 'bruno', blocked: false })).toBe(true);
    const waiting = blocks.awaitState({ blockerId: 'carla', blockedId: 'bruno', blocked: true });
    await blocks.add('carla', 'bruno');
    expect(await waiting).toBe(true);
  });

  it('forgets a deleted member’s blocks, made and received', async () => {
    const blocks = await BlockProjection.open(store);
    await blocks.add('anna', 'bruno');
    await blocks.add('carla', 'anna');
    await blocks.add('carla', 'bruno');
    await blocks.forgetMember('anna');
    expect(await blocks.hiddenFrom('anna')).toEqual([]);
    expect(await blocks.hiddenFrom('bruno')).toEqual(['carla']);
  });
});
