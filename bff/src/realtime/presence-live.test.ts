import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@tip/platform/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { startStack, type TestStack } from '../testing/start-stack.js';

const OFFLINE_AFTER_MS = 150;
let stack: TestStack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({ offlineAfterMs: OFFLINE_AFTER_MS });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
});

async function open(cookie: string): Promise<Socket> {
  const socket = connect(stack.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const watch = (socket: Socket, userIds: unknown): Promise<string[]> =>
  socket.timeout(5000).emitWithAck('watch_presence', { userIds }) as Promise<string[]>;

/** Every presence event the socket hears, in order. */
function heard(socket: Socket) {
  const events: unknown[] = [];
  socket.on('presence_changed', (event: unknown) => events.push(event));
  socket.on('member_deleted', (event: unknown) => events.push(event));
  return events;
}

const until = (what: string, check: () => boolean | Promise<boolean>) => waitFor(check, 5_000, what);

const isOnline = async (userId: string) => (await stack.identity.GetUser({ userId, viewerId: userId })).isOnline;

describe('presence over Socket.IO', () => {
  it("tells the pages watching a member when the member's sockets open and close, and no one else", async () => {
    const ada = await stack.member('ada');
    const bruno = await stack.member('bruno');
    const carla = await stack.member('carla');
    const watcher = await open(bruno.browser.cookieHeader());
    const bystander = await open(carla.browser.cookieHeader());
    expect(await watch(watcher, [ada.id, 42, '', ada.id])).toEqual([ada.id]);
    const watched = heard(watcher);
    const overheard = heard(bystander);

    const first = await open(ada.browser.cookieHeader());
    await until('the watcher hears ada come online', () => watched.length === 1);
    expect(watched).toEqual([{ type: 'presence_changed', userId: ada.id, isOnline: true }]);
    const answer = (await (await bruno.browser.get(`/api/user/${ada.id}`)).json()) as { isOnline: boolean };
    expect(answer.isOnline).toBe(true);

    // A second tab, then the first closes: still online. The last one closes: offline after the grace.
    const second = await open(ada.browser.cookieHeader());
    first.disconnect();
    await new Promise((resolve) => setTimeout(resolve, OFFLINE_AFTER_MS * 3));
    expect(await isOnline(ada.id)).toBe(true);
    second.disconnect();
    await until('the watcher hears ada go offline', () => watched.length === 2);
    expect(watched[1]).toEqual({ type: 'presence_changed', userId: ada.id, isOnline: false });
    expect(await isOnline(ada.id)).toBe(false);
    expect(overheard).toEqual([]);

    // Watching someone else instead: ada's changes are no longer heard.
    await watch(watcher, [carla.id]);
    await open(ada.browser.cookieHeader());
    await until('ada is online again', () => isOnline(ada.id));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watched).toHaveLength(2);
  });

  it("tells the watchers of the pages' online-status calls, the beacon weighed against the member's sockets", async () => {
    const dario = await stack.member('dario');
    const elena = await stack.member('elena');
    const watched = heard(await open(elena.browser.cookieHeader()));
    await watch(sockets.at(-1) as Socket, [dario.id]);

    expect((await dario.browser.postJson('/api/users/online-status', { isOnline: true }, 'PATCH')).status).toBe(200);
    await until('the watcher hears dario come online', () => watched.length === 1);
    const beacon = () =>
      dario.browser.request('/api/users/online-status', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ isOnline: false }),
      });

    // A beacon from one tab while dario has a socket open elsewhere leaves him online.
    const tab = await open(dario.browser.cookieHeader());
    expect((await beacon()).status).toBe(200);
    expect(await isOnline(dario.id)).toBe(true);
    tab.disconnect();
    await until('the watcher hears dario go offline', () => watched.length === 2);
    expect(watched).toEqual([
      { type: 'presence_changed', userId: dario.id, isOnline: true },
      { type: 'presence_changed', userId: dario.id, isOnline: false },
    ]);
    // Saying it again changes nothing, and nothing is pushed.
    expect((await beacon()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watched).toHaveLength(2);
  });

  it('tells the watchers of a member who deleted the account', async () => {
    const fabio = await stack.member('fabio');
    const gaia = await stack.member('gaia');
    const watcher = await open(gaia.browser.cookieHeader());
    await watch(watcher, [fabio.id]);
    const watched = heard(watcher);
    expect((await fabio.browser.request('/api/users/account', { method: 'DELETE' })).status).toBe(200);
    await until('the watcher hears fabio was deleted', () =>
      watched.some((event) => (event as { type: string }).type === 'member_deleted'),
    );
    expect(watched).toContainEqual({ type: 'member_deleted', userId: fabio.id });
  });
});
