import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../logging/logger.js';
import { claimDirectory } from '../fs/directory-claims.js';
import { dropTornTail, writeFileAtomic } from '../fs/durable-files.js';

export interface CacheEntry {
  value: string;
  /** Epoch ms; Infinity for a value without a time to live. */
  expiresAt: number;
}

/** A set (`v`, and `x` its expiry or null) or a delete (no `v`). */
const lineSchema = z.object({ k: z.string(), v: z.string().optional(), x: z.number().nullable().optional() });

/** Appends since the last compaction past which the file is rewritten, if they also outnumber the live values twice. */
const COMPACT_AFTER = 1000;

/**
 * The embedded cache's values on disk, so that a restart finds them as Redis would (a logged-out session must stay
 * refused although its token survives the restart). Every set and delete appends a JSON line to
 * `<dataDir>/cache/values.jsonl`, in call order; opening replays the lines, drops what expired, and rewrites the
 * file with what is left, as do close() and a long run of appends. Appends are not synced one by one: like Redis's
 * default append-only mode, a process crash loses nothing and an OS crash at most the last moment's writes.
 */
export class CacheJournal {
  private writes: Promise<void> = Promise.resolve();
  private appended = 0;

  private constructor(
    private readonly path: string,
    private file: FileHandle,
    private readonly release: () => void,
  ) {}

  static async open(
    dataDir: string,
    logger: Logger | undefined,
  ): Promise<{ journal: CacheJournal; values: Map<string, CacheEntry> }> {
    const directory = join(dataDir, 'cache');
    await mkdir(directory, { recursive: true });
    const release = claimDirectory(directory, 'the embedded cache');
    try {
      const path = join(directory, 'values.jsonl');
      const { content, droppedBytes } = await dropTornTail(path);
      if (droppedBytes > 0) logger?.warn({ droppedBytes }, 'dropped an interrupted write at the end of the cache file');
      const values = replay(content.toString('utf8'), Date.now(), logger);
      await writeFileAtomic(path, snapshot(values));
      return { journal: new CacheJournal(path, await open(path, 'a'), release), values };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Records a set (an entry) or a delete (null); `values` is the whole cache, for a compaction that may follow. */
  record(key: string, entry: CacheEntry | null, values: ReadonlyMap<string, CacheEntry>): Promise<void> {
    const line = entry
      ? { k: key, v: entry.value, x: entry.expiresAt === Infinity ? null : entry.expiresAt }
      : { k: key };
    return this.enqueue(async () => {
      await this.file.appendFile(`${JSON.stringify(line)}\n`);
      this.appended += 1;
      if (this.appended > COMPACT_AFTER && this.appended > 2 * values.size) await this.compact(values);
    });
  }

  /** Rewrites the file with the live values, waits for every write, and releases the directory. */
  async close(values: ReadonlyMap<string, CacheEntry>): Promise<void> {
    try {
      await this.enqueue(async () => {
        await writeFileAtomic(this.path, snapshot(values));
        await this.file.close();
      });
    } finally {
      this.release();
    }
  }

  private async compact(values: ReadonlyMap<string, CacheEntry>): Promise<void> {
    await writeFileAtomic(this.path, snapshot(values));
    await this.file.close();
    this.file = await open(this.path, 'a');
    this.appended = 0;
  }

  /** Writes run one after another in call order; a failed one fails its caller only. */
  private enqueue(write: () => Promise<void>): Promise<void> {
    const done = this.writes.then(write);
    this.writes = done.catch(() => undefined);
    return done;
  }
}

function replay(text: string, now: number, logger: Logger | undefined): Map<string, CacheEntry> {
  const values = new Map<string, CacheEntry>();
  for (const line of text.split('\n')) {
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
  for (const [key, entry] of values) if (entry.expiresAt <= now) values.delete(key);
  return values;
}

function snapshot(values: ReadonlyMap<string, CacheEntry>): string {
  const now = Date.now();
  let text = '';
  for (const [k, { value: v, expiresAt }] of values) {
    if (expiresAt > now) text += `${JSON.stringify({ k, v, x: expiresAt === Infinity ? null : expiresAt })}\n`;
  }
  return text;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
