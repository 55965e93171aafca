import { chmod, lstat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '../logging/logger.js';

/** The permission bits of the group and of other accounts: none of them on what Tip writes. */
const GROUP_AND_OTHERS = 0o077;

/**
 * From now on, every file and directory this process creates is its account's alone (0600, 0700): the data directory
 * holds password hashes, messages and photos of faces, and no other account on the machine may read them. Every
 * entry point calls it first (runMain), so whatever writes (SQLite, the media, backups, imports) is covered.
 */
export function keepNewFilesPrivate(): void {
  process.umask(GROUP_AND_OTHERS);
}

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Takes the group's and other accounts' permissions off `dir` and everything under it (symbolic links are left as
 * they are: chmod would change what they point to). Answers how many files and directories it changed; a missing
 * directory has none.
 */
export async function makePrivate(dir: string): Promise<number> {
  const root = resolve(dir);
  let paths: string[];
  try {
    paths = [root, ...(await readdir(root, { recursive: true })).map((path) => join(root, path))];
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  let changed = 0;
  for (const path of paths) {
    // A file deleted since it was listed (a temporary one, a compacted segment) needs nothing.
    const stats = await lstat(path).catch((error: unknown) => (isNotFound(error) ? undefined : Promise.reject(error)));
    if (!stats || stats.isSymbolicLink() || (stats.mode & GROUP_AND_OTHERS) === 0) continue;
    await chmod(path, stats.mode & 0o7700);
    changed += 1;
  }
  return changed;
}

/**
 * At start, the data directory made private as an earlier version may not have left it (its files 0644, its
 * directories 0755), saying how many were changed when any were.
 */
export async function keepDataDirPrivate(dataDir: string, logger: Logger): Promise<void> {
  const changed = await makePrivate(dataDir);
  if (changed > 0)
    logger.warn(
      { dataDir: resolve(dataDir), changed },
      `${changed} files and directories of the data directory were readable by other accounts: now they are not`,
    );
}
