import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveredEvent, EventEnvelope } from '../../ports/events.js';
import { sleep, waitFor } from '../../testing/wait.js';
import { FileEventLog } from './file-event-log.js';

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

describe('the embedded event log on disk', () => {
  let dir: string;
  const open = () => FileEventLog.open(dir, { retryDelayMs: 20 });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-events-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function drain(log: FileEventLog, group: string, topic: string, expected: number) {
    const seen: DeliveredEvent[] = [];
    const subscription = await log.subscribe({
      group,
      topics: [topic],
      handle: async (event) => void seen.push(event),
    });
    await waitFor(() => seen.length >= expected, 2000, `${expected} events`);
    await subscription.stop();
    return seen;
  }

  it('has the event in its file when publish resolves', async () => {
    const log = await open();
    const event = envelope(1);
    await log.publish('identity.users', [event]);
    const lines = (await readFile(join(dir, 'events', 'identity.users.log'), 'utf8')).split('\n');
    expect(lines).toEqual([JSON.stringify(event), '']);
    await log.close();
  });

  it('keeps acknowledged events without a clean close, as after a crash', async () => {
    const log = await open();
    await log.publish('t', [envelope(1), envelope(2)]);
    await log.publish('t', [envelope(3)]);
    const copy = join(dir, 'after-crash');
    await cp(join(dir, 'events'), join(copy, 'events'), { recursive: true });
    const recovered = await FileEventLog.open(copy);
    expect(numbers(await drain(recovered, 'g', 't', 3))).toEqual([1, 2, 3]);
    await recovered.close();
    await log.close();
  });

  it('ignores a line torn by a crash and appends cleanly after it', async () => {
    const log = await open();
    await log.publish('t', [envelope(1), envelope(2)]);
    await log.close();
    await appendFile(join(dir, 'events', 't.log'), JSON.stringify(envelope(99)).slice(0, 40));

    const reopened = await open();
    await reopened.publish('t', [envelope(3)]);
    expect(numbers(await drain(reopened, 'g', 't', 3))).toEqual([1, 2, 3]);
    await reopened.close();
    const third = await open();
    expect(numbers(await drain(third, 'other', 't', 3))).toEqual([1, 2, 3]);
    await third.close();
  });

  it('skips an unreadable line in the middle without shifting later offsets', async () => {
    const log = await open();
    await log.publish('t', [envelope(1)]);
    await log.close();
    await appendFile(join(dir, 'events', 't.log'), 'not json\n');
    const reopened = await open();
    await reopened.publish('t', [envelope(3)]);
    expect(numbers(await drain(reopened, 'g', 't', 2))).toEqual([1, 3]);
    await reopened.close();
  });

  it('stores committed offsets in a file per group', async () => {
    const log = await open();
    await log.publish('t', [envelope(1), envelope(2)]);
    await drain(log, 'projections/users', 't', 2);
    const offsets = JSON.parse(await readFile(join(dir, 'events', 'offsets', 'projections%2Fusers.json'), 'utf8'));
    expect(offsets).toEqual({ t: 2 });
    await log.close();
  });

  it('pushes each new event to a subscriber that is already waiting', async () => {
    const log = await open();
    const seen: DeliveredEvent[] = [];
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void seen.push(event) });
    for (let n = 0; n < 10; n += 1) {
      await sleep(5);
      await log.publish('t', [envelope(n)]);
      await waitFor(() => seen.length === n + 1, 5000, `event ${n}`);
    }
    expect(seen.map((event) => (event.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await log.close();
  });

  it("shares a group's work between its members, each event going to one of them", async () => {
    const log = await open();
    const a: DeliveredEvent[] = [];
    const b: DeliveredEvent[] = [];
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void a.push(event) });
    await log.subscribe({ group: 'g', topics: ['t'], handle: async (event) => void b.push(event) });
    await log.publish(
      't',
      Array.from({ length: 10 }, (_, n) => envelope(n)),
    );
    await waitFor(() => a.length + b.length === 10, 2000, 'all events');
    await sleep(50);
    expect(a.length + b.length).toBe(10);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(numbers([...a, ...b]).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await log.close();
  });

  it('lets a stopping subscription finish its handler and commit it', async () => {
    const log = await open();
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

    const reopened = await open();
    expect(numbers(await drain(reopened, 'g', 't', 1))).toEqual([2]);
    await reopened.close();
  });

  it('does not let a failing topic hold back another topic of the same subscription', async () => {
    const log = await open();
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
    await waitFor(() => seen.length === 2, 2000, 'the healthy topic');
    expect(seen).toEqual([2, 3]);
    await log.close();
  });

  it('compacts a compacted topic by key: the latest event of each key stays, at the same offset, on disk too', async () => {
    const log = await FileEventLog.open(dir, { retryDelayMs: 20, compactedTopics: ['users'] });
    await log.publish('users', [envelope(1, 'anna'), envelope(2, 'bruno'), envelope(3, 'anna')]);
    await log.publish('other', [envelope(1, 'anna'), envelope(2, 'anna')]);
    const early = await drain(log, 'early', 'users', 3);
    expect(numbers(early)).toEqual([1, 2, 3]);
    expect(await log.compact()).toEqual({ users: 1 });
    await log.publish('users', [envelope(4, 'bruno')]);
    expect(numbers(await drain(log, 'late', 'users', 3))).toEqual([2, 3, 4]);
    const lines = (await readFile(join(dir, 'events', 'users.log'), 'utf8')).split('\n');
    expect(lines.map((line) => (line ? (JSON.parse(line) as { payload: { n: number } }).payload.n : null))).toEqual([
      null,
      2,
      3,
      4,
      null,
    ]);
    // Closing compacts again (bruno's first event goes); reopened, the log reads the holes as holes.
    await log.close();
    const reopened = await FileEventLog.open(dir, { compactedTopics: ['users'] });
    expect(numbers(await drain(reopened, 'fresh', 'users', 2))).toEqual([3, 4]);
    expect(numbers(await drain(reopened, 'fresh-other', 'other', 2))).toEqual([1, 2]);
    await reopened.close();
  });

  it('refuses to open a directory twice in one process', async () => {
    const log = await open();
    await expect(open()).rejects.toThrow(/already open/);
    await log.close();
  });
});
