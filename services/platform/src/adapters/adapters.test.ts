import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeContract, redisEngine } from '../testing/index.js';
import {
  createAdapters,
  SqliteEventLog,
  FileObjectStore,
  SqliteCache,
  SqliteDocumentStore,
  openObjectStore,
} from './index.js';
import { RedisCache } from '../real-engines/index.js';

describe('choosing adapters by configuration', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tip-adapters-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses the embedded engines, all under the data directory, when no engine is configured', async () => {
    const adapters = await createAdapters({ dataDir });
    expect(adapters.documents).toBeInstanceOf(SqliteDocumentStore);
    expect(adapters.events).toBeInstanceOf(SqliteEventLog);
    expect(adapters.objects).toBeInstanceOf(FileObjectStore);
    expect(adapters.cache).toBeInstanceOf(SqliteCache);
    for (const sub of ['documents.sqlite', 'events.sqlite', 'media', 'cache']) await access(join(dataDir, sub));
    await adapters.close();
  });

  it('refuses MinIO without its keys, naming the variables', async () => {
    await expect(openObjectStore({ dataDir, s3Endpoint: 'http://minio:9000' })).rejects.toThrow(
      /S3_ACCESS_KEY and S3_SECRET_KEY/,
    );
  });

  it('closes what it opened when another adapter cannot be opened', async () => {
    await expect(createAdapters({ dataDir, s3Endpoint: 'http://minio:9000' })).rejects.toThrow(/S3_ACCESS_KEY/);
    // The embedded store and log were released: opening them again in this process works.
    await (await createAdapters({ dataDir })).close();
  });
});

await describeContract<{ close(): Promise<void>; cache: unknown }>(
  'adapter selection',
  [
    {
      name: 'redis',
      engine: redisEngine,
      open: async (url, namespace) => {
        const dataDir = await mkdtemp(join(tmpdir(), `tip-${namespace}-`));
        const adapters = await createAdapters({ dataDir, redisUrl: url });
        return {
          cache: adapters.cache,
          close: async () => {
            await adapters.close();
            await rm(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ],
  (selection) => {
    it('uses Redis for the cache', async () => {
      expect((await selection.open()).cache).toBeInstanceOf(RedisCache);
    });
  },
);
