import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BaseDocument } from '../../ports/documents.js';

/** What an nedb datafile held, read as nedb itself loaded it. */
export interface NedbDatafile {
  /** The live documents, in the order their ids first appeared. */
  documents: BaseDocument[];
  /** Complete lines that were not JSON: nedb skipped them (and refused a file with more than a tenth of them). */
  unreadableLines: number;
  /** Bytes after the last newline: a write a crash interrupted, which the earlier version cut off at its next start. */
  tornBytes: number;
}

const DATAFILE = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)\.db(~?)$/;

/**
 * The collections of an earlier version's document store directory (`<dir>/<collection>.db`), by name, with the file
 * nedb loaded for each: `<name>.db`, or `<name>.db~` when only that is there (nedb writes a compacted file under that
 * name and renames it into place; at its start it takes the `~` file when the rename never happened).
 */
export async function listNedbDatafiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = (await readdir(dir)).sort();
  for (const name of names) {
    const match = DATAFILE.exec(name);
    if (!match) continue;
    const [, collection = '', temporary] = match;
    if (temporary && names.includes(`${collection}.db`)) continue;
    files.set(collection, join(dir, name));
  }
  return files;
}

/**
 * Reads an nedb datafile written by the earlier version's document store, without nedb: one JSON document per line,
 * each write appended, so a later line for an id replaces the earlier one and `{"$$deleted": true, "_id": ...}`
 * removes it; `$$indexCreated` / `$$indexRemoved` lines declare indexes (the services declare theirs again at start,
 * so they are passed over); a date is `{"$$date": milliseconds}` and comes back as a Date, as nedb gave it.
 */
export async function readNedbDatafile(file: string): Promise<NedbDatafile> {
  const content = await readFile(file, 'utf8');
  const end = content.lastIndexOf('\n') + 1;
  const byId = new Map<string, BaseDocument>();
  let unreadableLines = 0;
  for (const line of content.slice(0, end).split('\n')) {
    if (line === '') continue;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line, reviveDates) as Record<string, unknown>;
    } catch {
      unreadableLines += 1;
      continue;
    }
    // nedb's test: any truthy _id is a document (or its deletion); anything else is an index line.
    if (!record._id) continue;
    const id = String(record._id);
    if (record.$$deleted === true) byId.delete(id);
    else byId.set(id, { ...record, _id: id });
  }
  return { documents: [...byId.values()], unreadableLines, tornBytes: Buffer.byteLength(content.slice(end)) };
}

/** nedb's deserializer: `{"$$date": n}` is the Date n. */
function reviveDates(key: string, value: unknown): unknown {
  if (key === '$$date') return new Date(value as number);
  if (value !== null && typeof value === 'object' && '$$date' in value) return (value as { $$date: unknown }).$$date;
  return value;
}
