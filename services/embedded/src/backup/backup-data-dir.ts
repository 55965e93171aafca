import { chmod, copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { backupDatabase, EVENTS_FILE, makePrivate, SqliteEventLog } from '@tip/platform';

/** One thing the backup copied: a database, a file, or a pass over the media. */
export interface CopiedPart {
  what: string;
  files: number;
  bytes: number;
  ms: number;
}

export interface BackupReport {
  /** The data directory and the backup, as absolute paths. */
  source: string;
  target: string;
  parts: CopiedPart[];
  files: number;
  bytes: number;
  ms: number;
}

/** A backup that cannot start, for a reason the operator can fix: said as it is, with no stack trace. */
export class BackupRefused extends Error {}

/** FileObjectStore's folder under the data directory. */
const MEDIA = 'media';
/** What SQLite keeps beside a database while it is open: the online backup copies what they hold. */
const SQLITE_COMPANION = /\.sqlite-(wal|shm|journal)$/;
/** Files still being written, renamed or linked into place once whole (writeFileAtomic, the session secret). */
const IN_PROGRESS = /^\.(tmp|session-secret)-/;
/** Document stores copied after the others (see the order in backupDataDir). */
const LAST_STORES = ['wallet'];

/**
 * Copies the data directory `source` into `target` (new, or an empty directory) while the platform serves it, as a
 * data directory a platform can start on: every SQLite database through SQLite's online backup, from a read-only
 * connection of its own, and every other file as it is. Each database's copy is consistent in itself; the order of
 * the copies makes them fit together (below). On failure, nothing of the backup is left in `target`. The backup is
 * private like the data directory: `target` is its account's alone from the start (0700), and whatever was copied
 * with its source's permissions is made private at the end (0600 and 0700 all through).
 */
export async function backupDataDir(
  source: string,
  target: string,
  onCopied: (part: CopiedPart) => void = () => undefined,
): Promise<BackupReport> {
  const from = resolve(source);
  const to = resolve(target);
  const created = await prepareTarget(from, to);
  const started = performance.now();
  const parts: CopiedPart[] = [];
  const copied = (part: CopiedPart) => {
    parts.push(part);
    onCopied(part);
  };
  try {
    const log = join(from, EVENTS_FILE);
    const hasLog = (await ifExists(stat(log))) !== undefined;
    // 1. The consumer groups' offsets, before anything is copied. A group commits an event's offset after its
    //    handler's writes, so the stores copied next hold the effects of every event up to these offsets. The log's
    //    copy goes back to them: what consumers handled while the stores were being copied is delivered again, and
    //    idempotent handlers skip what a store's copy already holds.
    const offsets = hasLog ? SqliteEventLog.committedOffsets(log) : [];
    const files = await listFiles(from, '', (path) => path === MEDIA);
    const stores = [...files.keys()]
      .filter((path) => path.endsWith('.sqlite') && path !== EVENTS_FILE)
      .sort((a, b) => Number(isLastStore(a)) - Number(isLastStore(b)) || a.localeCompare(b));
    const smallFiles = [...files.keys()].filter((path) => !path.endsWith('.sqlite')).sort();

    // 2. The media, before the stores and again after them. An upload is written before the document that names
    //    it, so the second pass has every file a copied document names; the first keeps a file deleted during the
    //    backup (a post removed, a member erased) whose document was copied before the deletion.
    const media = await listFiles(from, MEDIA);
    copied(await copyFiles(from, to, [...media.keys()], 'media'));

    // 3. The document stores, the wallet's last: the BFF debits the wallet before content, identity or messaging
    //    records what was paid for (an unlock, premium, a message), so every purchase in the copy has its debit. A
    //    debit whose purchase the copy lacks is made good by the purchase's retry, which its idempotency key does not
    //    charge again.
    for (const store of stores) copied(await copyDatabase(from, to, store));

    // 4. The event log, after the stores: an outbox publishes an event before it clears it, so an event no longer
    //    in a store's copy was in the log when the log was copied. One still in a copied outbox is published again
    //    after a restore (at-least-once delivery; consumers skip the duplicate).
    if (hasLog) {
      const part = await copyDatabase(from, to, EVENTS_FILE);
      SqliteEventLog.rewindCopy(join(to, EVENTS_FILE), offsets);
      copied(part);
    }

    const written = await listFiles(from, MEDIA);
    const meanwhile = [...written].filter(([path, state]) => !sameFile(media.get(path), state)).map(([path]) => path);
    copied(await copyFiles(from, to, meanwhile, 'media written during the backup'));

    // 5. The small files last (the session secret; the cache journals, with the sessions revoked and the rate
    //    limits), so that a sign-out during the backup holds in the copy.
    for (const file of smallFiles) copied(await copyFiles(from, to, [file], file));
    await makePrivate(to);
  } catch (error) {
    await clearTarget(to, created);
    throw error;
  }
  return {
    source: from,
    target: to,
    parts,
    files: parts.reduce((total, part) => total + part.files, 0),
    bytes: parts.reduce((total, part) => total + part.bytes, 0),
    ms: performance.now() - started,
  };
}

/** Refuses a target that holds anything, or lies in the data directory (the copy would copy itself); creates it. */
async function prepareTarget(from: string, to: string): Promise<boolean> {
  const source = await ifExists(stat(from));
  if (!source?.isDirectory()) throw new BackupRefused(`There is no data directory at ${from} (DATA_DIR).`);
  const path = relative(from, to);
  if (path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path))) {
    throw new BackupRefused(`${to} is inside the data directory ${from}: choose a directory outside it.`);
  }
  let entries: string[];
  try {
    entries = await readdir(to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new BackupRefused(`${to} is a file: choose a new or empty directory.`);
    if (code !== 'ENOENT') throw error;
    await mkdir(to, { recursive: true, mode: 0o700 });
    return true;
  }
  if (entries.length > 0) {
    throw new BackupRefused(
      `${to} exists and is not empty: choose a new or empty directory, so no backup mixes with another.`,
    );
  }
  await chmod(to, 0o700);
  return false;
}

/** Takes a failed backup's files away: the directory too if the backup made it. */
async function clearTarget(to: string, created: boolean): Promise<void> {
  if (created) {
    await rm(to, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(to)) await rm(join(to, entry), { recursive: true, force: true });
}

async function copyDatabase(from: string, to: string, path: string): Promise<CopiedPart> {
  const started = performance.now();
  await mkdir(dirname(join(to, path)), { recursive: true });
  await backupDatabase(join(from, path), join(to, path));
  const { size } = await stat(join(to, path));
  return { what: path, files: 1, bytes: size, ms: performance.now() - started };
}

/** Copies files as they are; one deleted since it was listed is left out. */
async function copyFiles(from: string, to: string, paths: readonly string[], what: string): Promise<CopiedPart> {
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  for (const path of paths) {
    await mkdir(dirname(join(to, path)), { recursive: true });
    const done = await ifExists(copyFile(join(from, path), join(to, path)).then(() => true));
    if (!done) continue;
    files += 1;
    bytes += (await stat(join(to, path))).size;
  }
  return { what, files, bytes, ms: performance.now() - started };
}

interface FileState {
  size: number;
  mtimeMs: number;
}

/**
 * The files under `root/dir`, by their path from `root`, without SQLite's companions and files still being written;
 * `skip` leaves folders out. A folder removed meanwhile holds nothing.
 */
async function listFiles(
  root: string,
  dir: string,
  skip: (path: string) => boolean = () => false,
): Promise<Map<string, FileState>> {
  const files = new Map<string, FileState>();
  for (const entry of (await ifExists(readdir(join(root, dir), { withFileTypes: true }))) ?? []) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip(path)) for (const [file, state] of await listFiles(root, path, skip)) files.set(file, state);
    } else if (entry.isFile() && !SQLITE_COMPANION.test(entry.name) && !IN_PROGRESS.test(entry.name)) {
      const state = await ifExists(stat(join(root, path)));
      if (state) files.set(path, { size: state.size, mtimeMs: state.mtimeMs });
    }
  }
  return files;
}

/** Files are replaced by renaming a new one into place, so a replaced file has another time or size. */
function sameFile(before: FileState | undefined, now: FileState): boolean {
  return before !== undefined && before.size === now.size && before.mtimeMs === now.mtimeMs;
}

/** What `operation` answers, or undefined when the file it needs is not (or no longer) there. */
async function ifExists<T>(operation: Promise<T>): Promise<T | undefined> {
  try {
    return await operation;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isLastStore(path: string): boolean {
  return LAST_STORES.includes(path.split(sep)[0] ?? '');
}
