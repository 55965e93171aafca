import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { EventEnvelope } from '../../ports/events.js';
import { envelopeSchema } from '../events/envelope-schema.js';

/** One topic of the earlier version's file event log (`<dir>/<topic>.log`). */
export interface LegacyTopic {
  topic: string;
  /** Its events in order, each with its offset: its line number in the file. */
  events: { offset: number; envelope: EventEnvelope }[];
  /** Complete lines: the offsets the log had handed out. */
  lines: number;
  /** Empty lines, where compaction by key took an event out (offsets after them kept their meaning). */
  holes: number;
  /** Lines that were not an envelope: that log's consumers stepped over them too. */
  unreadableLines: number;
  /** Bytes after the last newline: an append a crash interrupted, which that log cut off at its next start. */
  tornBytes: number;
}

/** A consumer group's committed offsets: for each topic, the offset (line) of the next event it was to handle. */
export type LegacyOffsets = Record<string, number>;

const TOPIC_FILE = /^([A-Za-z0-9_-][A-Za-z0-9._-]*)\.log$/;
const offsetsSchema = z.record(z.string(), z.number().int().nonnegative());

/** The topics' files in the earlier log's directory, by topic (its own temporary files, `.tmp-*`, are left out). */
export async function listLegacyTopics(dir: string): Promise<Map<string, string>> {
  const topics = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) {
    const topic = TOPIC_FILE.exec(name)?.[1];
    if (topic) topics.set(topic, join(dir, name));
  }
  return topics;
}

/** Reads one topic's file, one JSON envelope per line, as the earlier log loaded it. */
export async function readLegacyTopic(topic: string, file: string): Promise<LegacyTopic> {
  const content = await readFile(file, 'utf8');
  const end = content.lastIndexOf('\n') + 1;
  const lines = end === 0 ? [] : content.slice(0, end - 1).split('\n');
  const read: LegacyTopic = {
    topic,
    events: [],
    lines: lines.length,
    holes: 0,
    unreadableLines: 0,
    tornBytes: Buffer.byteLength(content.slice(end)),
  };
  lines.forEach((line, offset) => {
    if (line === '') {
      read.holes += 1;
      return;
    }
    const envelope = envelopeSchema.safeParse(parseJson(line));
    if (envelope.success) read.events.push({ offset, envelope: envelope.data as EventEnvelope });
    else read.unreadableLines += 1;
  });
  return read;
}

/**
 * Every consumer group's committed offsets, from `<dir>/offsets/<group, URL-encoded>.json`. A file that cannot be
 * read stops the import, as it stopped the earlier log: guessing would deliver a group's events again or skip them.
 */
export async function readLegacyOffsets(dir: string): Promise<Map<string, LegacyOffsets>> {
  const groups = new Map<string, LegacyOffsets>();
  let names: string[];
  try {
    names = await readdir(join(dir, 'offsets'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return groups;
    throw error;
  }
  for (const name of names.sort()) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    const file = join(dir, 'offsets', name);
    const group = decodeURIComponent(name.slice(0, -'.json'.length));
    const parsed = offsetsSchema.safeParse(parseJson(await readFile(file, 'utf8')));
    if (!parsed.success) throw new Error(`cannot read the offsets of consumer group ${group} in ${file}`);
    groups.set(group, parsed.data);
  }
  return groups;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
