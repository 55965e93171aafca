/** A backup is as private as the data directory, whatever permissions its source's files had. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, SqliteDocumentStore } from '@tip/platform';
import { readableByOthers } from '../testing/file-modes.js';
import { backupDataDir } from './backup-data-dir.js';

describe('a backup', () => {
  let scratch: string;
  let source: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'tip-backup-private-'));
    source = join(scratch, 'data');
    // A data directory as an earlier version left it: its files 0644, its directories 0755.
    const store = await SqliteDocumentStore.open(join(source, 'identity'), {
      logger: createLogger('backup-private-test', 'silent'),
    });
    await (
      await store.collection<{ _id: string; passwordHash: string }>('users')
    ).insertOne({
      _id: 'u1',
      passwordHash: '$argon2id$...',
    });
    await store.close();
    await mkdir(join(source, 'media', 'verification'), { recursive: true });
    await writeFile(join(source, 'media', 'verification', 'face.webp'), 'a face');
    await writeFile(join(source, 'session-secret'), 'x'.repeat(64));
    for (const path of ['', 'identity', 'media', join('media', 'verification')]) await chmod(join(source, path), 0o755);
    for (const path of ['identity/documents.sqlite', 'media/verification/face.webp', 'session-secret'])
      await chmod(join(source, path), 0o644);
  });
  afterEach(() => rm(scratch, { recursive: true, force: true }));

  it('is its account’s alone: 0700 directories and 0600 files, into a new directory', async () => {
    const target = join(scratch, 'backups', 'today');
    await backupDataDir(source, target);
    expect((await readdir(target, { recursive: true })).sort()).toEqual(
      expect.arrayContaining(['identity/documents.sqlite', 'media/verification/face.webp', 'session-secret']),
    );
    expect(await readableByOthers(target)).toEqual([]);
    expect((await stat(join(scratch, 'backups'))).mode & 0o777).toBe(0o700);
  });

  it('is its account’s alone in an empty directory that was not', async () => {
    const target = join(scratch, 'empty');
    await mkdir(target);
    await chmod(target, 0o755);
    await backupDataDir(source, target);
    expect(await readableByOthers(target)).toEqual([]);
  });
});
