import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger, DomainError } from '@tip/platform';
import { Presence } from './presence.js';
import type { Push, PushEvent } from './push.js';

const GRACE_MS = 80;

// The grace is timed on jest's clock, so a loaded machine cannot make a 20 ms pause outlast it. Identity's answers
// and the waits below take turns of the event loop (setImmediate, left real), not time.
beforeEach(() => void jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Lets `ms` pass on the clock, and whatever that set going run. */
async function sleep(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
  for (let turns = 0; turns < 20; turns += 1) await turn();
}

/** Identity's online status over a map (deleted members answer NOT_FOUND), the sockets per member, what was pushed. */
function world() {
  const online = new Map<string, boolean>([
    ['ada', false],
    ['bob', false],
  ]);
  const sockets = new Map<string, number>();
  const pushed: { to: string; event: PushEvent }[] = [];
  let writes = 0;
  const identity = {
    SetOnlineStatus: async ({ userId = '', isOnline = false }: { userId?: string; isOnline?: boolean }) => {
      writes += 1;
      await turn();
      if (!online.has(userId)) throw new DomainError('NOT_FOUND', 'identity.userNotFound');
      const changed = online.get(userId) !== isOnline;
      online.set(userId, isOnline);
      return { changed };
    },
  };
  const push = { toWatchers: (to: string, event: PushEvent) => void pushed.push({ to, event }) } as unknown as Push;
  const presence = new Presence({
    identity: identity as never,
    push,
    logger: createLogger('presence-test', 'silent'),
    socketsOf: async (userId) => sockets.get(userId) ?? 0,
    offlineAfterMs: GRACE_MS,
  });
  const open = (userId: string) => {
    sockets.set(userId, (sockets.get(userId) ?? 0) + 1);
    presence.connected(userId);
  };
  const close = (userId: string) => {
    sockets.set(userId, (sockets.get(userId) ?? 1) - 1);
    presence.disconnected(userId);
  };
  return { online, sockets, pushed, presence, open, close, writes: () => writes };
}

let current: ReturnType<typeof world> | undefined;
afterEach(async () => {
  await current?.presence.stop();
  current = undefined;
  jest.useRealTimers();
});

/** Takes turns of the event loop until `check` holds (the steps it waits for take turns, not time). */
async function until(what: string, check: () => boolean) {
  for (let turns = 0; turns < 1_000; turns += 1) {
    if (check()) return;
    await turn();
  }
  throw new Error(`${what}: still not so after 1,000 turns of the event loop`);
}

const changes = (w: ReturnType<typeof world>) => w.pushed.map(({ to, event }) => ({ to, event }));

describe('Presence', () => {
  it('puts a member online with their first socket and tells the watchers once', async () => {
    const w = (current = world());
    w.open('ada');
    await until('ada is online', () => w.online.get('ada') === true);
    w.open('ada');
    await until('both sockets were weighed', () => w.writes() === 2);
    expect(changes(w)).toEqual([{ to: 'ada', event: { type: 'presence_changed', userId: 'ada', isOnline: true } }]);
  });

  it('writes nothing for a further socket of a member whose socket is open on this replica', async () => {
    const w = (current = world());
    w.open('ada');
    await until('ada is online', () => w.online.get('ada') === true);
    w.sockets.set('ada', 2);
    w.presence.connected('ada', false);
    await sleep(20);
    expect(w.writes()).toBe(1);
  });

  it('keeps the member online while another socket is open, and past a reload within the grace', async () => {
    const w = (current = world());
    w.open('ada');
    w.open('ada');
    await until('ada is online', () => w.online.get('ada') === true);
    w.close('ada');
    await sleep(GRACE_MS * 2);
    expect(w.online.get('ada')).toBe(true);

    // A reload: the last socket closes and the next opens before the grace is over.
    w.close('ada');
    await sleep(GRACE_MS / 4);
    w.open('ada');
    await sleep(GRACE_MS * 2);
    expect(w.online.get('ada')).toBe(true);
    expect(w.pushed).toHaveLength(1);
  });

  it('puts the member offline once the grace after their last socket is over, not before', async () => {
    const w = (current = world());
    w.open('bob');
    await until('bob is online', () => w.online.get('bob') === true);
    w.close('bob');
    await sleep(GRACE_MS - 1);
    expect(w.online.get('bob')).toBe(true);
    await sleep(1);
    await until('bob is offline', () => w.online.get('bob') === false);
    expect(changes(w).map(({ event }) => event)).toEqual([
      { type: 'presence_changed', userId: 'bob', isOnline: true },
      { type: 'presence_changed', userId: 'bob', isOnline: false },
    ]);
  });

  it("takes the pages' reports: online as said, offline only without an open socket", async () => {
    const w = (current = world());
    await w.presence.report('ada', true);
    expect(w.online.get('ada')).toBe(true);
    await w.presence.report('ada', false);
    expect(w.online.get('ada')).toBe(false);

    // The unload beacon of one tab, while another still has its socket.
    w.open('bob');
    await until('bob is online', () => w.online.get('bob') === true);
    await w.presence.report('bob', false);
    expect(w.online.get('bob')).toBe(true);
    expect(w.pushed.filter(({ event }) => event.type === 'presence_changed')).toHaveLength(3);
  });

  it('answers a report for a member that is gone with the NOT_FOUND, and forgets one found gone by a socket', async () => {
    const w = (current = world());
    await expect(w.presence.report('nobody', true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    w.open('nobody');
    w.close('nobody');
    await sleep(GRACE_MS * 2);
    expect(w.pushed).toEqual([]);
  });

  it('records members offline at once when stopping, and decides nothing after', async () => {
    const w = (current = world());
    w.open('ada');
    await until('ada is online', () => w.online.get('ada') === true);
    w.close('ada');
    await w.presence.stop();
    expect(w.online.get('ada')).toBe(false);
    const writes = w.writes();
    w.open('ada');
    await w.presence.report('ada', true);
    await sleep(20);
    expect(w.writes()).toBe(writes);
  });
});
