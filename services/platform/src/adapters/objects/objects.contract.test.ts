import { expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { ObjectStore } from '../../ports/objects.js';
import { describeContract, embeddedEngine, minioEngine } from '../../testing/index.js';
import { FileObjectStore } from './file-object-store.js';
import { MinioObjectStore } from './minio-object-store.js';

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, n) => n));

await describeContract<ObjectStore>(
  'objects',
  [
    { name: 'files', engine: embeddedEngine, open: (dir, namespace) => FileObjectStore.open(join(dir, namespace)) },
    {
      name: 'minio',
      engine: minioEngine,
      open: (endpoint) => {
        const url = new URL(endpoint);
        return MinioObjectStore.connect({
          endpoint: `${url.protocol}//${url.host}`,
          accessKey: decodeURIComponent(url.username),
          secretKey: decodeURIComponent(url.password),
          bucket: process.env.S3_BUCKET ?? 'tip-contract',
        });
      },
    },
  ],
  (objects) => {
    // First in the suite, so that on a fresh engine the bucket does not exist yet and every replica tries to create it.
    it('opens from several replicas at once', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => objects.open()));
      const key = objects.unique('first.jpg');
      await stores[0]?.put(key, everyByte, 'image/jpeg');
      for (const store of stores) expect(await store.get(key)).toEqual({ body: everyByte, contentType: 'image/jpeg' });
    });

    it('returns what was put, byte for byte, with its content type', async () => {
      const store = await objects.open();
      const key = objects.unique('posts/2024/photo.jpg');
      await store.put(key, everyByte, 'image/jpeg');
      expect(await store.get(key)).toEqual({ body: everyByte, contentType: 'image/jpeg' });
    });

    it('answers null for a key that was never put', async () => {
      const store = await objects.open();
      expect(await store.get(objects.unique('missing.png'))).toBeNull();
    });

    it('replaces an object put again under the same key', async () => {
      const store = await objects.open();
      const key = objects.unique('avatar');
      await store.put(key, Buffer.from('first'), 'image/png');
      await store.put(key, Buffer.from('second, longer'), 'image/webp');
      expect(await store.get(key)).toEqual({ body: Buffer.from('second, longer'), contentType: 'image/webp' });
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      const store = await objects.open();
      const key = objects.unique('verification/u1.jpg');
      await store.put(key, everyByte, 'image/jpeg');
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
    });

    it('deletes everything under a folder, and only that', async () => {
      const store = await objects.open();
      const folder = objects.unique('profile/u1');
      const under = [`${folder}/a.jpg`, `${folder}/older/b.jpg`];
      const beside = [`${folder}2/c.jpg`, objects.unique('profile/u1.jpg'), objects.unique('verification/u1/d.jpg')];
      for (const key of [...under, ...beside]) await store.put(key, everyByte, 'image/jpeg');
      await store.deleteUnder(folder);
      for (const key of under) expect(await store.get(key)).toBeNull();
      for (const key of beside) expect(await store.get(key)).not.toBeNull();
      await store.deleteUnder(folder);
      await store.deleteUnder(objects.unique('never/used'));
      await expect(store.deleteUnder('../escape')).rejects.toThrow(/invalid object key/);
    });

    it('stores an object of several megabytes', async () => {
      const store = await objects.open();
      const key = objects.unique('video.mp4');
      const big = Buffer.alloc(3 * 1024 * 1024, 7);
      await store.put(key, big, 'video/mp4');
      expect((await store.get(key))?.body.equals(big)).toBe(true);
    });

    it('reads a range of an object, clipped at its end, with the whole size, and null for a missing key', async () => {
      const store = await objects.open();
      const key = objects.unique('range/video.mp4');
      const big = Buffer.from(Array.from({ length: 2 * 1024 * 1024 + 17 }, (_, n) => (n * 31) % 251));
      await store.put(key, big, 'video/mp4');
      const middle = await store.getRange(key, 1_000_000, 65_536);
      expect(middle?.body.equals(big.subarray(1_000_000, 1_065_536))).toBe(true);
      expect(middle).toMatchObject({ contentType: 'video/mp4', totalSize: big.length });
      const tail = await store.getRange(key, big.length - 10, 4 * 1024 * 1024);
      expect(tail?.body.equals(big.subarray(big.length - 10))).toBe(true);
      for (const [offset, length] of [
        [big.length, 10],
        [big.length + 5, 10],
        [0, 0],
      ] as const) {
        expect(await store.getRange(key, offset, length)).toEqual({
          body: Buffer.alloc(0),
          contentType: 'video/mp4',
          totalSize: big.length,
        });
      }
      expect(await store.getRange(objects.unique('range/missing.mp4'), 0, 10)).toBeNull();
      await expect(store.getRange('../escape', 0, 10)).rejects.toThrow(/invalid object key/);
    });

    it('refuses keys that could leave their place: "..", absolute, hidden or empty segments', async () => {
      const store = await objects.open();
      for (const key of ['../escape.jpg', '/etc/passwd', 'a/../../b', '.hidden', 'a//b', '', 'a\\b', 'a/./b']) {
        await expect(store.put(key, everyByte, 'image/jpeg')).rejects.toThrow(/invalid object key/);
        await expect(store.get(key)).rejects.toThrow(/invalid object key/);
        await expect(store.delete(key)).rejects.toThrow(/invalid object key/);
      }
    });

    it('refuses a content type that is not a MIME type', async () => {
      const store = await objects.open();
      await expect(store.put(objects.unique('x.jpg'), everyByte, '')).rejects.toThrow(/invalid content type/);
      await expect(store.put(objects.unique('x.jpg'), everyByte, 'jpeg')).rejects.toThrow(/invalid content type/);
      await store.put(objects.unique('x.txt'), everyByte, 'text/plain; charset=utf-8');
    });

    it('keeps objects across a close and a reopen', async () => {
      const key = objects.unique('kept.gif');
      const first = await objects.open();
      await first.put(key, everyByte, 'image/gif');
      await first.close();
      await first.close();
      const second = await objects.open();
      expect(await second.get(key)).toEqual({ body: everyByte, contentType: 'image/gif' });
    });
  },
);
