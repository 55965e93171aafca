import { join } from 'node:path';
import { SqliteDocumentStore } from '../documents/sqlite-store.js';
import { EVENTS_FILE, SqliteEventLog, type CommittedOffset } from '../events/sqlite-event-log.js';
import { openDatabaseReadOnly, quoteIdentifier } from '../sqlite/open-database.js';
import { listLegacyTopics, readLegacyOffsets, readLegacyTopic } from './file-log-reader.js';
import { listNedbDatafiles, readNedbDatafile } from './nedb-datafile.js';

/** Writes handed to the store at once: they commit together (WriteBatches), a few transactions for a collection. */
const INSERT_BATCH = 500;
/** Events published per call, each call one transaction. */
const PUBLISH_BATCH = 1000;

/** What came over from one service's datafiles. */
export interface DocumentsImported {
  /** Documents per collection. */
  collections: Record<string, number>;
  /** Lines of the datafiles that nedb skipped too (see NedbDatafile). */
  unreadableLines: number;
  tornBytes: number;
}

/** What came over from the file event log. */
export interface EventsImported {
  /** Events per topic. */
  topics: Record<string, number>;
  /** Lines left out: holes compaction had made, lines that were not events, an interrupted last append. */
  holes: number;
  unreadableLines: number;
  tornBytes: number;
  /** Every consumer group's position, as the new log's sequence numbers. */
  offsets: CommittedOffset[];
}

/**
 * Copies every document of an earlier version's document store directory (`legacyDir`, nedb datafiles) into a new
 * SQLite document store in `targetDir`, each collection under its name, each document with its _id. Through the
 * store itself, so that it records what it needs to answer queries (which fields hold arrays); indexes are the
 * services' to declare at their start.
 */
export async function importLegacyDocuments(legacyDir: string, targetDir: string): Promise<DocumentsImported> {
  const imported: DocumentsImported = { collections: {}, unreadableLines: 0, tornBytes: 0 };
  const store = await SqliteDocumentStore.open(targetDir);
  try {
    for (const [name, file] of await listNedbDatafiles(legacyDir)) {
      const { documents, unreadableLines, tornBytes } = await readNedbDatafile(file);
      const collection = await store.collection(name);
      for (let start = 0; start < documents.length; start += INSERT_BATCH) {
        await Promise.all(
          documents.slice(start, start + INSERT_BATCH).map((document) => collection.insertOne(document)),
        );
      }
      imported.collections[name] = documents.length;
      imported.unreadableLines += unreadableLines;
      imported.tornBytes += tornBytes;
    }
  } finally {
    await store.close();
  }
  return imported;
}

/**
 * Copies the earlier version's file event log (`legacyDir`) into a new SQLite event log in `targetDir`: each topic's
 * events in their order, without the holes, and each consumer group's committed offset translated to the new
 * sequence numbers, so that every group goes on exactly after the last event it had handled. (An old offset is the
 * line of the next event to handle; the new one is the sequence number of the last event handled.) The events are
 * stamped as published now: the new log's retention counts from the import, not from when they happened.
 */
export async function importLegacyEventLog(legacyDir: string, targetDir: string): Promise<EventsImported> {
  const imported: EventsImported = { topics: {}, holes: 0, unreadableLines: 0, tornBytes: 0, offsets: [] };
  /** Per topic, the old offset and the new sequence number of each event, in order. */
  const positions = new Map<string, { offset: number; seq: number }[]>();
  const log = await SqliteEventLog.open(targetDir);
  try {
    for (const [topic, file] of await listLegacyTopics(legacyDir)) {
      const { events, holes, unreadableLines, tornBytes } = await readLegacyTopic(topic, file);
      const placed: { offset: number; seq: number }[] = [];
      for (let start = 0; start < events.length; start += PUBLISH_BATCH) {
        const batch = events.slice(start, start + PUBLISH_BATCH);
        // This log is new and has no other writer: one publish's events take the sequence numbers after the newest.
        const newest = (log.statements.newest.get() as number | undefined) ?? 0;
        await log.publish(
          topic,
          batch.map((event) => event.envelope),
        );
        if (log.statements.newest.get() !== newest + batch.length) {
          throw new Error(`the events of ${topic} did not take consecutive sequence numbers`);
        }
        batch.forEach((event, n) => placed.push({ offset: event.offset, seq: newest + n + 1 }));
      }
      positions.set(topic, placed);
      imported.topics[topic] = events.length;
      imported.holes += holes;
      imported.unreadableLines += unreadableLines;
      imported.tornBytes += tornBytes;
    }
  } finally {
    await log.close();
  }
  for (const [group, offsets] of await readLegacyOffsets(legacyDir)) {
    for (const [topic, next] of Object.entries(offsets)) {
      const handled = (positions.get(topic) ?? []).filter((position) => position.offset < next);
      imported.offsets.push({ group, topic, seq: handled.at(-1)?.seq ?? 0 });
    }
  }
  SqliteEventLog.rewindCopy(join(targetDir, EVENTS_FILE), imported.offsets);
  return imported;
}

/** Whether the SQLite database `file` holds a row in any table: a store something has already written to. */
export function storeHoldsData(file: string): boolean {
  const db = openDatabaseReadOnly(file);
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
      .pluck()
      .all() as string[];
    return tables.some((table) =>
      db
        .prepare(`SELECT EXISTS (SELECT 1 FROM ${quoteIdentifier(table)})`)
        .pluck()
        .get(),
    );
  } finally {
    db.close();
  }
}
