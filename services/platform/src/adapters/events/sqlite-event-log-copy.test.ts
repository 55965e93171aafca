/**
 * A copy of a running log, readied for a platform to start on (what a backup does): its consumer groups stand where
 * they were when the offsets were noted, before the copy, and no lease of the original holds them back.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveredEvent, EventEnvelope } from '../../ports/events.js';
import { waitFor } from '../../testing/wait.js';
import { backupDatabase } from '../sqlite/backup.js';
import { EVENTS_FILE, SqliteEventLog } from './sqlite-event-log.js';

const scratch = mkdtempSync(join(tmpdir(), 'tip-log-copy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TOPIC = 'backup.things';

function envelope(n: number): EventEnvelope<{ n: number }> {
  return {
    id: randomUUID(),
    type: 'ThingHappened',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: `thing-${n}`,
    correlationId: 'corr-1',
    payload: { n },
  };
}

const numbers = (events: DeliveredEvent[]) => events.map((event) => (event.payload as { n: number }).n);

describe('SqliteEventLog.rewindCopy', () => {
  it('takes the groups back to the offsets noted before the copy, and drops the leases', async () => {
    const original = await SqliteEventLog.open(join(scratch, 'original'));
    const file = join(scratch, 'original', EVENTS_FILE);
    const committed = (group: string) =>
      SqliteEventLog.committedOffsets(file).find((offset) => offset.group === group)?.seq;
    await original.subscribe({ group: 'early', topics: [TOPIC], handle: async () => undefined });
    await original.publish(TOPIC, [envelope(1), envelope(2)]);
    await waitFor(() => committed('early') === 2, 5000, 'the first two offsets');
    const noted = SqliteEventLog.committedOffsets(file);

    // Handled after the offsets were noted (while a backup copies the stores), by the group and by a new one.
    await original.publish(TOPIC, [envelope(3)]);
    await original.subscribe({ group: 'late', topics: [TOPIC], handle: async () => undefined });
    await waitFor(() => committed('early') === 3 && committed('late') === 3, 5000, 'every offset');

    const copyDir = join(scratch, 'copy');
    mkdirSync(copyDir);
    await backupDatabase(file, join(copyDir, EVENTS_FILE));
    SqliteEventLog.rewindCopy(join(copyDir, EVENTS_FILE), noted);
    expect(SqliteEventLog.committedOffsets(join(copyDir, EVENTS_FILE))).toEqual(noted);

    // The original still runs and holds its leases for half a minute: the copy's consumers start at once.
    const copy = await SqliteEventLog.open(copyDir);
    const early: DeliveredEvent[] = [];
    const late: DeliveredEvent[] = [];
    await copy.subscribe({ group: 'early', topics: [TOPIC], handle: async (event) => void early.push(event) });
    await copy.subscribe({ group: 'late', topics: [TOPIC], handle: async (event) => void late.push(event) });
    await waitFor(() => early.length === 1 && late.length === 3, 5000, "the copy's deliveries");
    expect(numbers(early)).toEqual([3]);
    expect(numbers(late)).toEqual([1, 2, 3]);
    await copy.close();
    await original.close();
  });
});
