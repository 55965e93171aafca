/**
 * The embedded event log beyond the port's contract: what a publish acknowledged survives the process being killed;
 * a group's work is shared between its members, and between processes on one file; a stopping subscription finishes
 * what it holds; compaction keeps each key's latest event. The crash test runs the built log (dist/, which `npm test`
 * builds first) in a process of its own.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { DeliveredEvent, EventEnvelope } from '../../ports/events.js';
import { spawnNode } from '../../testing/processes.js';
import { scaled } from '../../testing/time-scale.js';
import { sleep, waitFor } from '../../testing/wait.js';
import { SqliteEventLog } from './sqlite-event-log.js';

// Some tests run logs in child processes and kill them.
jest.setTimeout(scaled(60_000));

const builtLog = fileURLToPath(new URL('../../../dist/adapters/events/sqlite-event-log.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tip-sqlite-log-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
function newDir(): string {
  const dir = join(scratch, String(++dirs));
  mkdirSync(dir);
  return dir;
}

function envelope(n: number, key = 'k'): EventEnvelope<{ n: number }> {
  return {
    id: randomUUID(),
    type: 'Counted',
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    correlationId: 'c',
    payload: { n },
  };
}

const numbers = (events: DeliveredEvent[]) => events.map((event) => (event.payload as { n: number }).n);
const open = (dir: string, options: { compactedTopics?: string[]; leaseMs?: number } = {}) =>
  SqliteEventLog.open(dir, { retryDelayMs: 20, ...options });

/** Everything a new group reads of `topic`, once `expected` events have come (and a moment more for any extra). */
async function drain(log: SqliteEventLog, group: string, topic: string, expected: number) {
  const seen: DeliveredEvent[] = [];
  const subscription = await log.subscribe({ group, topics: [topic], handle: async (event) => void seen.push(event) });
  await waitFor(() => seen.length >= expected, 5000, `${expected} events`);
  await sleep(50);
  await subscription.stop();
  return seen;
}

describe('the SQLite event log', () => {
  it('keeps every event whose publish resolved when its process is killed, and serves the file afterwards', async () => {
    const dir = newDir();
    const child = join(dir, 'publisher.mjs');
    // Publishes one event at a time and says so once each publish has resolved, until it is killed.
    writeFileSync(
      child,
      `import { SqliteEventLog } from ${JSON.stringify(builtLog)};
const log = await SqliteEventLog.open(${JSON.stringify(dir)});
for (let n = 0; ; n += 1) {
  await log.publish('t', [${JSON.stringify(envelope(0))}].map((event) => ({ ...event, id: 'e' + n, payload: { n } })));
  process.stdout.write('acknowledged ' + n + '\\n');
}
`,
    );
    const publisher = spawnNode(child, process.env);
    const acknowledged = () =>
      [...publisher.output().matchAll(/acknowledged (\d+)\n/g)].map((match) => Number(match[1]));
    // Killed while publishing, a few dozen in: each publish waits for its commit to reach the disk, which a machine
    // busy with another suite makes slow (200 did not fit in 40 s there).
    await waitFor(() => acknowledged().length >= 50, 20_000, '50 acknowledged publishes');
    publisher.child.kill('SIGKILL');
    // 'exit' may come before the last of its output has been read (a loaded machine saw 67 lines late): the pipe's
    // end too, or acknowledged publishes would count as extra events.
    await Promise.all([publisher.exited, publisher.child.stdout && finished(publisher.child.stdout)]);
    const last = Math.max(...acknowledged());

    const log = await open(dir);
    const seen = numbers(await drain(log, 'after-the-crash', 't', last + 1));
    // In order and without a gap: every acknowledged event, and perhaps the one whose acknowledgement was cut off.
    expect(seen.slice(0, last + 1)).toEqual(Array.from({ length: last + 1 }, (_, n) => n));
    expect(seen.length - (last + 1)).toBeLessThanOrEqual(1);
    await log.publish('t', [envelope(-1)]);
    expect(numbers(await drain(log, 'later', 't', seen.length + 1)).at(-1)).toBe(-1);
    await log.close();
  });

  it("shares a group's work between its members, each event going to one of them", async () => {
    const log = await open(newDir());
    const a: DeliveredEvent[] = [];
    const b: DeliveredEvent[] = [];
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void a.push(event) });
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void b.push(event) });
    await log.publish(
      't',
      Array.from({ length: 10 }, (_, n) => envelope(n)),
    );
    await waitFor(() => a.length + b.length === 10, 5000, 'all events');
    await sleep(50);
    expect(a.length + b.length).toBe(10);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(numbers([...a, ...b]).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await log.close();
  });

  it('lets a stopping subscription finish its handler and commit it', async () => {
    const dir = newDir();
    const log = await open(dir);
    await log.publish('t', [envelope(1), envelope(2)]);
    let release = () => {};
    const handled: number[] = [];
    const subscription = await log.subscribe({
      group: 'g',
      topics: ['t'],
      handle: async (event) => {
        await new Promise<void>((resolve) => (release = resolve));
        handled.push((event.payload as { n: number }).n);
      },
    });
    await sleep(20);
    let stopped = false;
    const stopping = subscription.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(handled).toEqual([1]);
    await log.close();

    const reopened = await open(dir);
    expect(numbers(await drain(reopened, 'g', 't', 1))).toEqual([2]);
    await reopened.close();
  });

  it('does not let a failing topic hold back another topic of the same subscription', async () => {
    const log = await open(newDir());
    await log.publish('broken', [envelope(1)]);
    await log.publish('fine', [envelope(2), envelope(3)]);
    const seen: number[] = [];
    await log.subscribe({
      group: 'g',
      topics: ['broken', 'fine'],
      handle: async (event) => {
        if (event.topic === 'broken') throw new Error('cannot handle');
        seen.push((event.payload as { n: number }).n);
      },
    });
    await waitFor(() => seen.length === 2, 5000, 'the healthy topic');
    expect(seen).toEqual([2, 3]);
    await log.close();
  });

  it('compacts a compacted topic by key: the latest event of each key stays, also after a reopen', async () => {
    const dir = newDir();
    const log = await open(dir, { compactedTopics: ['users'] });
    await log.publish('users', [envelope(1, 'anna'), envelope(2, 'bruno'), envelope(3, 'anna')]);
    await log.publish('other', [envelope(1, 'anna'), envelope(2, 'anna')]);
    expect(numbers(await drain(log, 'early', 'users', 3))).toEqual([1, 2, 3]);
    expect(log.compact()).toEqual({ users: 1 });
    await log.publish('users', [envelope(4, 'bruno')]);
    expect(numbers(await drain(log, 'late', 'users', 3))).toEqual([2, 3, 4]);
    // Closing compacts again (bruno's first event goes); the topics not compacted keep every event.
    await log.close();
    const reopened = await open(dir, { compactedTopics: ['users'] });
    expect(numbers(await drain(reopened, 'fresh', 'users', 2))).toEqual([3, 4]);
    expect(numbers(await drain(reopened, 'fresh-other', 'other', 2))).toEqual([1, 2]);
    await reopened.close();
  });

  it('hands each event to one of two logs on one file in one group, and the other takes over when one closes', async () => {
    const dir = newDir();
    // Two connections with owners of their own, as two processes on one data directory have.
    const logs = [await open(dir), await open(dir)];
    const handledBy = logs.map(() => [] as string[]);
    for (const [n, log] of logs.entries()) {
      await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void handledBy[n]?.push(event.id) });
    }
    const first = Array.from({ length: 20 }, (_, n) => envelope(n));
    await logs[0]?.publish('t', first.slice(0, 10));
    await logs[1]?.publish('t', first.slice(10));
    await waitFor(() => handledBy.flat().length >= 20, 5000, 'the first events');
    await sleep(100);
    // One of them holds the group's lease on the topic and handles every event; none is handled twice.
    const holder = handledBy.findIndex((ids) => ids.length > 0);
    expect(handledBy.map((ids) => ids.length).sort()).toEqual([0, 20]);
    expect(handledBy[holder]).toEqual(first.map((event) => event.id));

    await logs[holder]?.close();
    const other = logs[1 - holder] as SqliteEventLog;
    const later = Array.from({ length: 5 }, (_, n) => envelope(20 + n));
    await other.publish('t', later);
    // The other one tries the lease again within its renewal period (10 s) and goes on after the last commit.
    await waitFor(() => (handledBy[1 - holder]?.length ?? 0) >= 5, 20_000, 'the other log taking over');
    await sleep(100);
    expect(handledBy[1 - holder]).toEqual(later.map((event) => event.id));
    expect(handledBy[holder]).toEqual(first.map((event) => event.id));
    await other.close();
  });

  it("finds another process's event on a topic its own publishing just passed over in the log", async () => {
    const dir = newDir();
    // A lease renewed only every 200 s: the only way the event can come is the look for other processes' events.
    const [here, there] = [await open(dir, { leaseMs: 600_000 }), await open(dir, { leaseMs: 600_000 })];
    const seen: DeliveredEvent[] = [];
    await here.subscribe({ group: 'g', topics: ['theirs'], handle: async (event) => void seen.push(event) });
    await sleep(50);
    // Theirs comes first in the log, then this process publishes on a topic of its own before it looked.
    await there.publish('theirs', [envelope(1)]);
    await here.publish('ours', [envelope(2)]);
    await waitFor(() => seen.length === 1, 5000, "the other process's event");
    expect(numbers(seen)).toEqual([1]);
    await Promise.all([here.close(), there.close()]);
  });

  it('reads what another process wrote before it first looked, more than it keeps in memory, from the file', async () => {
    const dir = newDir();
    // A lease renewed only every 200 s, as above: a consumer that waits wakes only on a look for other processes' events.
    const [here, there] = [await open(dir, { leaseMs: 600_000 }), await open(dir)];
    const written = Array.from({ length: 1_500 }, (_, n) => envelope(n));
    for (let start = 0; start < written.length; start += 100)
      await there.publish('t', written.slice(start, start + 100));
    await here.publish('t', [envelope(1_500)]);
    expect(numbers(await drain(here, 'g', 't', 1_501))).toEqual(Array.from({ length: 1_501 }, (_, n) => n));
    await Promise.all([here.close(), there.close()]);
  });

  it("looks for other processes' events by reading only the log past what it saw, not the whole log", async () => {
    const log = await open(newDir());
    const { since } = log.statements;
    const plan = since.database
      .prepare(`EXPLAIN QUERY PLAN ${since.source}`)
      .all(0, 1)
      .map((step) => (step as { detail: string }).detail);
    expect(plan).toEqual([expect.stringMatching(/^SEARCH events USING INTEGER PRIMARY KEY \(rowid>\?\)/)]);
    await log.close();
  });

  it('keeps its lease while a handler runs longer than the lease: the event is not handled again elsewhere', async () => {
    const dir = newDir();
    // A lease of 300 ms, renewed every 100 ms; the other log asks for it every second.
    const [holder, other] = [await open(dir, { leaseMs: 300 }), await open(dir, { leaseMs: 300 })];
    const handled: string[] = [];
    let released = false;
    await holder.subscribe({
      group: 'g',
      topics: ['t'],
      handle: async (event) => {
        handled.push(`holder ${event.id}`);
        // As long as a video's transcoding is to its lease: the other log asks for the lease twice meanwhile.
        await waitFor(() => released, 10_000, 'the test to release the handler');
      },
    });
    const event = envelope(0);
    await holder.publish('t', [event]);
    await waitFor(() => handled.length === 1, 5000, 'the holder handling the event');
    await other.subscribe({ group: 'g', topics: ['t'], handle: async (got) => void handled.push(`other ${got.id}`) });
    await sleep(2500);
    released = true;
    await holder.close();
    const later = envelope(1);
    await other.publish('t', [later]);
    await waitFor(() => handled.length === 2, 10_000, 'the other log taking over after the close');
    expect(handled).toEqual([`holder ${event.id}`, `other ${later.id}`]);
    await other.close();
  });

  it('takes over at once the lease of a group member whose process was killed, not when the lease expires', async () => {
    const dir = newDir();
    const child = join(dir, 'holder.mjs');
    const first = envelope(0);
    // Subscribes first (so it holds the group's lease on 't'); handles its own event, hangs in the handler of any other.
    writeFileSync(
      child,
      `import { SqliteEventLog } from ${JSON.stringify(builtLog)};
const log = await SqliteEventLog.open(${JSON.stringify(dir)});
await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => {
  process.stdout.write('handling ' + event.id + '\\n');
  if (event.id !== ${JSON.stringify(first.id)}) await new Promise(() => {});
} });
await log.publish('t', [${JSON.stringify(first)}]);
`,
    );
    const holder = spawnNode(child, process.env);
    await waitFor(() => holder.output().includes(`handling ${first.id}`), 20_000, 'the child handling its event');
    const log = await open(dir);
    const handled: string[] = [];
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void handled.push(event.id) });
    const later = envelope(1);
    await log.publish('t', [later]);
    await waitFor(() => holder.output().includes(`handling ${later.id}`), 20_000, 'the child handling the later event');
    expect(handled).toEqual([]); // the child holds the lease while it runs

    holder.child.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    await waitFor(() => handled.includes(later.id), 20_000, 'this log taking over');
    // It asks for the lease every second; a lease left to expire would take 30 s.
    expect(Date.now() - killedAt).toBeLessThan(5000);
    // What the child was handling when it died was not committed, so it comes again here.
    expect(handled.at(-1)).toBe(later.id);
    await log.close();
  });
});
