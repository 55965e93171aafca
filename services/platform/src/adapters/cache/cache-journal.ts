import { z } from 'zod';
import type { Logger } from '../../logging/logger.js';
import { dropTornTail } from '../fs/durable-files.js';

/** The file, under `<dataDir>/cache/`, where the embedded cache of earlier versions kept its values. */
export const CACHE_JOURNAL_FILE = 'values.jsonl';

export interface CacheEntry {
  value: string;
  /** Epoch ms; Infinity for a value without a time to live. */
  expiresAt: number;
}

/** A set (`v`, and `x` its expiry or null) or a delete (no `v`). */
const lineSchema = z.object({ k: z.string(), v: z.string().optional(), x: z.number().nullable().optional() });

/**
 * The live values of an earlier version's cache journal at `path` (a JSON line per set or delete, in call order; a
 * line torn by a crash is dropped), so that the SQLite cache takes them over: a session revoked then stays refused.
 * Empty when there is no such file.
 */
export async function readCacheJournal(path: string, logger: Logger | undefined): Promise<Map<string, CacheEntry>> {
  const { content, droppedBytes } = await dropTornTail(path);
  if (droppedBytes > 0) logger?.warn({ droppedBytes }, 'dropped an interrupted write at the end of the cache file');
  const values = new Map<string, CacheEntry>();
  for (const line of content.toString('utf8').split('\n')) {
    if (line === '') continue;
    const parsed = lineSchema.safeParse(parseJson(line));
    if (!parsed.success) {
      logger?.error('skipping an unreadable line in the cache file');
      continue;
    }
    const { k, v, x } = parsed.data;
    if (v === undefined) values.delete(k);
    else values.set(k, { value: v, expiresAt: x ?? Infinity });
  }
  const now = Date.now();
  for (const [key, entry] of values) if (entry.expiresAt <= now) values.delete(key);
  return values;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
