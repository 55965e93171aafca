import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { OUTBOX_COLUMN } from '../adapters/documents/sql-filter.js';
import { waitFor } from './wait.js';

/**
 * Waits until the embedded platform whose stores are under `dataDir` is at rest: every consumer that holds a lease on
 * the event log has consumed its topic to the end, no document's outbox holds an event, and two looks in a row find
 * the log the same length (an event a relay publishes between looks changes it). Events cause others (a decision, a
 * notification, its bell's event), so this is what "everything that was done has had its effects" means.
 */
export async function waitUntilAtRest(dataDir: string, budgetMs = 10_000): Promise<void> {
  let previous: number | undefined;
  await waitFor(
    () => {
      const length = restingLength(dataDir);
      const settled = length !== undefined && length === previous;
      previous = length;
      return settled;
    },
    budgetMs,
    'every consumer to catch up and every outbox to be published',
  );
}

/** The event log's length when nothing waits, else undefined; read log first, so later writes are caught next look. */
function restingLength(dataDir: string): number | undefined {
  const log = new Database(join(dataDir, 'events.sqlite'), { readonly: true });
  try {
    const length = (log.prepare('SELECT coalesce(max(seq), 0) FROM events').pluck().get() as number) ?? 0;
    const behind = log
      .prepare(
        `SELECT count(*) FROM leases l LEFT JOIN offsets o ON o.grp = l.grp AND o.topic = l.topic
         WHERE EXISTS (SELECT 1 FROM events e WHERE e.topic = l.topic AND e.seq > coalesce(o.seq, 0))`,
      )
      .pluck()
      .get() as number;
    if (behind > 0) return undefined;
    return pendingOutboxEvents(dataDir) === 0 ? length : undefined;
  } finally {
    log.close();
  }
}

/** Documents whose outbox holds events, across every document store under `dataDir`. */
function pendingOutboxEvents(dataDir: string): number {
  const stores = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.sqlite') && file !== 'events.sqlite',
  );
  let pending = 0;
  for (const file of stores) {
    const store = new Database(join(dataDir, file), { readonly: true });
    try {
      const tables = store
        .prepare(
          `SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
           WHERE m.type = 'table' AND c.name = ?`,
        )
        .pluck()
        .all(OUTBOX_COLUMN) as string[];
      for (const table of tables) {
        pending += store
          .prepare(
            `SELECT count(*) FROM "${table}"
             WHERE ${OUTBOX_COLUMN} IS NOT NULL AND json_array_length(json(${OUTBOX_COLUMN})) > 0`,
          )
          .pluck()
          .get() as number;
      }
    } finally {
      store.close();
    }
  }
  return pending;
}
