import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkpointInBackground } from './background-checkpoints.js';

export type SqliteDatabase = Database.Database;

export interface OpenDatabaseOptions {
  /** Pages SQLite may keep in memory for this connection, in KiB: what bounds memory whatever the history. */
  cacheKiB?: number;
}

/** How long a write waits for another process's transaction to finish before it fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens (creating) an SQLite database file the way every embedded engine uses it:
 * - WAL, so readers never wait for the writer and several processes on one machine can share the file;
 * - synchronous=NORMAL: a commit is in the WAL (the OS has it) before the call returns, so a killed process loses
 *   no acknowledged write; only a power cut can lose the last commits before a checkpoint (FULL would sync each
 *   commit to the disk, at about a millisecond apiece);
 * - a bounded page cache, so memory does not grow with the data;
 * - secure_delete: what a delete or an update removes is overwritten, not left in free pages (erasure), and
 *   keepCheckpointed empties the WAL, which still holds earlier versions of the pages, now and then.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${options.cacheKiB ?? 4096}`);
  db.pragma('temp_store = MEMORY');
  db.pragma('secure_delete = ON');
  return db;
}

/** Ten minutes: the bound on how long an erased member's data stays on disk in the WAL or in deleted rows. */
export const CHECKPOINT_INTERVAL_MS = 10 * 60_000;

/**
 * Keeps a long-lived connection's WAL short: checkpointed off the event loop as it grows (checkpointInBackground),
 * and copied into the database and truncated every CHECKPOINT_INTERVAL_MS (a clean close does the same), so that
 * pages a delete overwrote are gone from the WAL too. Answers what stops both, to call before closing `db`.
 */
export function keepCheckpointed(db: SqliteDatabase, onError: (error: unknown) => void): () => void {
  const stopBackground = checkpointInBackground(db);
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      onError(error);
    }
  }, CHECKPOINT_INTERVAL_MS).unref();
  return () => {
    clearInterval(timer);
    stopBackground();
  };
}

/**
 * Opens an existing database for reading only, beside the processes that write it (a backup's connection). In WAL
 * mode a read sees the database as of its transaction's start and holds no writer back.
 */
export function openDatabaseReadOnly(file: string): SqliteDatabase {
  return new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
}

/**
 * Whether an error is SQLite refusing a write because of a UNIQUE or PRIMARY KEY constraint. Told by its code, not
 * by class: the addon throws the SqliteError class of whichever copy of the module loaded last, and test runners
 * load one per suite, in a realm of their own.
 */
export function isUniqueViolation(error: unknown): error is { code: string; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Double-quotes an identifier (a table or index name) for SQL. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
