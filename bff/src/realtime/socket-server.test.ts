import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scaled } from '@tip/platform/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { VerificationDecided } from '@tip/moderation/contract';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
});

function open(cookie?: string, origin?: string): Socket {
  const socket = connect(stack.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...(cookie && { Cookie: cookie }), ...(origin && { Origin: origin }) },
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const refused = (socket: Socket) =>
  new Promise<Error>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was let in')));
    socket.once('connect_error', resolve);
  });

const next = (socket: Socket, event: string, timeoutMs = scaled(5000)) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('Socket.IO at /ws', () => {
  it('refuses a socket without a session cookie, or with a dead one', async () => {
    expect((await refused(open())).message).toBe('unauthorized');
    expect((await refused(open('tip_session=forged.token.value'))).message).toBe('unauthorized');
    const { browser } = await stack.member('vera');
    const cookie = browser.cookieHeader();
    await browser.get('/api/logout');
    expect((await refused(open(cookie))).message).toBe('unauthorized');
  });

  it("refuses a member's cookie sent from another site's page, and lets in the app's own page", async () => {
    const { browser } = await stack.member('olga');
    const cookie = browser.cookieHeader();
    await refused(open(cookie, 'https://evil.example'));
    await refused(open(cookie, 'null'));
    await connected(open(cookie, new URL(stack.url).origin));
  });

  it("pushes user_updated to the user's sockets when their profile changes", async () => {
    const { browser } = await stack.member('walter');
    const socket = open(browser.cookieHeader());
    await connected(socket);
    const pushed = next(socket, 'user_updated');
    await browser.postJson('/api/auth/profile', { username: 'walter', bio: 'nuova bio' }, 'PUT');
    expect(await pushed).toEqual({ type: 'user_updated' });
  });

  it("pushes user_updated when an admin's verification decision lands, and the user sees it", async () => {
    const { browser, id } = await stack.member('xena');
    const socket = open(browser.cookieHeader());
    await connected(socket);
    const bystander = await stack.member('yuri');
    const other = open(bystander.browser.cookieHeader());
    await connected(other);
    let bystanderPushed = false;
    other.on('user_updated', () => (bystanderPushed = true));

    const pushed = next(socket, 'user_updated');
    await stack.adapters.events.publish(VerificationDecided.topic, [
      VerificationDecided.create(
        id,
        { userId: id, status: 'rejected', reason: 'foto sfocata', adminId: 'admin-1' },
        'test',
      ),
    ]);
    expect(await pushed).toEqual({ type: 'user_updated' });
    const me = (await (await browser.get('/api/auth/user')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ verificationStatus: 'rejected', verificationNotes: 'foto sfocata' });
    expect(bystanderPushed).toBe(false);
  });

  it('closes the sockets of a session that logs out', async () => {
    const { browser } = await stack.member('zeno');
    const socket = open(browser.cookieHeader());
    await connected(socket);
    const closed = next(socket, 'disconnect');
    await browser.get('/api/logout');
    expect(await closed).toBe('io server disconnect');
  });
});
