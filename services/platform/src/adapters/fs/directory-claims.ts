import { resolve } from 'node:path';

const claimed = new Set<string>();

/**
 * The embedded cache keeps its state in memory next to its journal (cache-journal.ts), so two instances on one
 * directory would overwrite each other's writes. Opening a directory that this process already uses is refused loudly.
 */
export function claimDirectory(path: string, engine: string): () => void {
  const key = resolve(path);
  if (claimed.has(key)) {
    throw new Error(`${engine} at ${key} is already open in this process; open it once and share the instance`);
  }
  claimed.add(key);
  return () => {
    claimed.delete(key);
  };
}
