import { openDatabaseReadOnly } from './open-database.js';

/** "Every page" as better-sqlite3 takes a step's size (it clamps a negative one, SQLite's "all", to 0). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database `source` into the new file `target` with SQLite's online backup, from a read-only connection
 * of its own, while other connections and processes keep writing it. Every page goes in one step, that is in one
 * read transaction: the copy is the database as of one commit, and in WAL mode no writer waits for it. (In slices,
 * better-sqlite3's default, a write by another connection between two slices restarts the copy, so a busy database
 * might never be done.) The copy keeps the source's journal mode, WAL.
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  const db = openDatabaseReadOnly(source);
  try {
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}
