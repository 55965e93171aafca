import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileObjectStore } from './file-object-store.js';

describe('the file object store on disk', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-media-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves only the object and its hidden metadata, no temporary files', async () => {
    const store = await FileObjectStore.open(dir);
    await store.put('posts/p1.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await store.put('posts/p1.jpg', Buffer.from('jpeg 2'), 'image/jpeg');
    expect((await readdir(join(dir, 'media', 'posts'))).sort()).toEqual(['.p1.jpg.meta.json', 'p1.jpg']);
    await store.delete('posts/p1.jpg');
    expect(await readdir(join(dir, 'media', 'posts'))).toEqual([]);
  });

  it('does not confuse an object named like metadata with the metadata of another', async () => {
    const store = await FileObjectStore.open(dir);
    await store.put('a', Buffer.from('body of a'), 'text/plain');
    await store.put('a.meta.json', Buffer.from('{}'), 'application/json');
    expect(await store.get('a')).toEqual({ body: Buffer.from('body of a'), contentType: 'text/plain' });
    expect(await store.get('a.meta.json')).toEqual({ body: Buffer.from('{}'), contentType: 'application/json' });
  });
});
