import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The paths under `dir` (itself as '') that the group or other accounts have any permission on. */
export async function readableByOthers(dir: string): Promise<string[]> {
  const paths = ['', ...(await readdir(dir, { recursive: true }))];
  const open = await Promise.all(
    paths.map(async (path) => {
      // A file the platform deleted since it was listed (a temporary one) has nothing to show.
      const mode = await stat(join(dir, path)).then(
        (stats) => stats.mode,
        () => 0,
      );
      return mode & 0o077 ? [path] : [];
    }),
  );
  return open.flat();
}
