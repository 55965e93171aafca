import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sleep, waitFor } from '@tip/platform/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

const OFFLINE_AFTER_MS = 150;
/** How long a test listens for a push that must not come, once the push it is compared with has arrived. */
const QUIET_MS = 300;
let stack: TestStack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({ offlineAfterMs: OFFLINE_AFTER_MS });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
});

async function open(browser: Browser): Promise<Socket> {
  const socket = connect(stack.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: browser.cookieHeader() },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const watch = (socket: Socket, userIds: string[]): Promise<string[]> =>
  socket.timeout(5000).emitWithAck('watch_presence', { userIds }) as Promise<string[]>;

/** Every push of `event` the socket hears, in order. */
function heard(socket: Socket, event: string) {
  const events: unknown[] = [];
  socket.on(event, (payload: unknown) => events.push(payload));
  return events;
}

const until = (what: string, check: () => boolean) => waitFor(check, 5_000, what);

async function block(blocker: Browser, blockedId: string) {
  const response = await blocker.postJson(`/api/users/${encodeURIComponent(blockedId)}/block`, { reason: 'spam' });
  expect(response.status).toBe(200);
}

describe('between members who blocked each other', () => {
  it('the profile answers, both ways, exactly as for a member who does not exist', async () => {
    const anna = await stack.member('bm_anna');
    const bruno = await stack.member('bm_bruno');
    const carla = await stack.member('bm_carla');
    await block(anna.browser, bruno.id);

    const missing = await anna.browser.get('/api/user/no-such-member');
    expect(missing.status).toBe(404);
    const missingBody = await json(missing);
    for (const [viewer, user] of [
      [anna, bruno],
      [bruno, anna],
    ] as const) {
      const response = await viewer.browser.get(`/api/user/${user.id}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual(missingBody);
    }
    expect(missingBody).toEqual({ message: 'Utente non trovato' });
    // Anyone else sees both; once unblocked, so do they.
    expect((await carla.browser.get(`/api/user/${bruno.id}`)).status).toBe(200);
    await anna.browser.request(`/api/users/${bruno.id}/block`, { method: 'DELETE' });
    expect(await json(await bruno.browser.get(`/api/user/${anna.id}`))).toMatchObject({ username: 'bm_anna' });
  });

  it('shares no presence: a watch is answered as any other, and nothing is heard either way', async () => {
    const anna = await stack.member('bm_dora');
    const bruno = await stack.member('bm_ezio');
    const carla = await stack.member('bm_fede');
    await block(bruno.browser, anna.id);
    const annas = await open(anna.browser);
    const carlas = await open(carla.browser);
    // The answer names the blocked member like any other: it tells nothing of the block.
    expect(await watch(annas, [bruno.id])).toEqual([bruno.id]);
    await watch(carlas, [bruno.id]);
    const annaHeard = heard(annas, 'presence_changed');
    const carlaHeard = heard(carlas, 'presence_changed');

    const brunos = await open(bruno.browser);
    await until('carla hears bruno come online', () => carlaHeard.length === 1);
    // And the other way: bruno watches anna, who comes online in a second tab and leaves it.
    expect(await watch(brunos, [anna.id])).toEqual([anna.id]);
    const brunoHeard = heard(brunos, 'presence_changed');
    annas.disconnect();
    brunos.disconnect();
    await until('carla hears bruno go offline', () => carlaHeard.length === 2);
    await sleep(QUIET_MS);
    expect(annaHeard).toEqual([]);
    expect(brunoHeard).toEqual([]);
  });

  it('ends a watch made before the block, and a new watch after the unblock hears again', async () => {
    const anna = await stack.member('bm_gino');
    const bruno = await stack.member('bm_ivo');
    const carla = await stack.member('bm_lia');
    const annas = await open(anna.browser);
    const carlas = await open(carla.browser);
    await watch(annas, [bruno.id]);
    await watch(carlas, [bruno.id]);
    const annaHeard = heard(annas, 'presence_changed');
    const carlaHeard = heard(carlas, 'presence_changed');
    const online = await open(bruno.browser);
    await until('anna hears bruno come online', () => annaHeard.length === 1);

    await block(bruno.browser, anna.id);
    online.disconnect();
    await until('carla hears bruno go offline', () => carlaHeard.length === 2);
    await sleep(QUIET_MS);
    expect(annaHeard).toHaveLength(1);

    await bruno.browser.request(`/api/users/${anna.id}/block`, { method: 'DELETE' });
    await watch(annas, [bruno.id]);
    await open(bruno.browser);
    await until('anna hears bruno again', () => annaHeard.length === 2);
    expect(annaHeard[1]).toEqual({ type: 'presence_changed', userId: bruno.id, isOnline: true });
  });

  it("relays no typing either way, while others' typing still arrives", async () => {
    const anna = await stack.member('bm_mara');
    const bruno = await stack.member('bm_nico');
    const carla = await stack.member('bm_olga');
    await block(anna.browser, bruno.id);
    const [annas, brunos, carlas] = await Promise.all([open(anna.browser), open(bruno.browser), open(carla.browser)]);
    const annaHeard = heard(annas, 'typing');
    const brunoHeard = heard(brunos, 'typing');

    annas.emit('typing', { to: bruno.id });
    brunos.emit('typing', { to: anna.id });
    carlas.emit('typing', { to: bruno.id });
    await until('bruno hears carla typing', () => brunoHeard.length > 0);
    await sleep(QUIET_MS);
    expect(brunoHeard).toEqual([{ type: 'typing', fromUserId: carla.id }]);
    expect(annaHeard).toEqual([]);
  });
});
