import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm, truncate } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `path` with `data` so that a reader sees the old content or the new one, never half of it: the data goes
 * to a hidden temporary file in the same directory, is synced, then renamed over the target.
 */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  const temp = join(dirname(path), `.tmp-${randomUUID()}-${basename(path)}`);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Cuts a line-oriented file back to its last complete line. Every writer ends a record with '\n' in a single
 * append, so anything after the last '\n' is a write that a crash interrupted. Returns the complete content.
 */
export async function dropTornTail(path: string): Promise<{ content: Buffer; droppedBytes: number }> {
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    if (isNotFound(error)) return { content: Buffer.alloc(0), droppedBytes: 0 };
    throw error;
  }
  const end = content.lastIndexOf(0x0a) + 1;
  if (end === content.length) return { content, droppedBytes: 0 };
  await truncate(path, end);
  return { content: content.subarray(0, end), droppedBytes: content.length - end };
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
