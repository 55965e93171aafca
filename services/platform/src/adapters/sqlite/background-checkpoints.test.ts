import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../../testing/wait.js';
import { checkpointInBackground } from './background-checkpoints.js';
import { openDatabase, type SqliteDatabase } from './open-database.js';

const scratch = mkdtempSync(join(tmpdir(), 'tip-checkpoints-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** About 500 pages into the WAL: fewer than the connection's own checkpoint waits for, so only the worker copies them. */
function fillWal(db: SqliteDatabase): void {
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 1000; i++) insert.run('x'.repeat(2000));
  })();
}

/** Resolves once the database file has received what fillWal wrote. */
async function checkpointed(file: string, before: number): Promise<void> {
  await waitFor(() => statSync(file).size > before + 1_000_000, 5000, 'the database file to receive the WAL');
}

describe('checkpoints in the background', () => {
  it('copies the WAL into the database while the connection writes, and lets go of the file when released', async () => {
    const file = join(scratch, 'db.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const release = checkpointInBackground(db);
    const before = statSync(file).size;
    fillWal(db);
    await checkpointed(file, before);

    release();
    db.close();
    // The worker closed its connection first, so this one was the last and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
  it('keeps checkpointing a file opened twice until both connections are released', async () => {
    const file = join(scratch, 'twice.sqlite');
    const [first, second] = [openDatabase(file), openDatabase(file)];
    first.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const [releaseFirst, releaseSecond] = [checkpointInBackground(first), checkpointInBackground(second)];
    releaseFirst();
    first.close();
    const before = statSync(file).size;
    fillWal(second);
    await checkpointed(file, before);

    releaseSecond();
    second.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
