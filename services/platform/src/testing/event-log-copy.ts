import { join } from 'node:path';
import { EVENTS_FILE, SqliteEventLog } from '../adapters/events/sqlite-event-log.js';

/**
 * Copies a running log's events into `dataDir` without its consumer groups' offsets or leases, so that a service
 * started on the copy reads every topic from the start (rebuilding its projections from the log).
 */
export async function copyEventsOnly(log: SqliteEventLog, dataDir: string): Promise<void> {
  const file = join(dataDir, EVENTS_FILE);
  await log.backup(file);
  SqliteEventLog.rewindCopy(file, []);
}
