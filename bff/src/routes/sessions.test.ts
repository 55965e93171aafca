import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scaled, waitFor } from '@tip/platform/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { sessionListSchema } from '../contract/index.js';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A browser signed in as the member from a device its User-Agent names. */
async function signIn(member: { email: string; password: string }, userAgent: string, language = 'it') {
  const browser = stack.browser(language);
  const login = await browser.request('/api/auth/login', {
    method: 'POST',
    json: { email: member.email, password: member.password },
    headers: { 'User-Agent': userAgent },
  });
  expect(login.status).toBe(200);
  return browser;
}

async function sessionsOf(browser: Browser) {
  const response = await browser.get('/api/auth/sessions');
  expect(response.status).toBe(200);
  return sessionListSchema.parse(await response.json()).sessions;
}

/** A socket of the browser's session (on the stack's BFF, or the replica at `url`), with whether the server closed it. */
async function socketOf(browser: Browser, url = stack.url) {
  const socket: Socket = connect(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: browser.cookieHeader() },
  });
  const state = { closedByServer: false };
  socket.on('disconnect', (reason) => {
    state.closedByServer = reason === 'io server disconnect';
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, state };
}

describe('sessions', () => {
  it('lists where the member is signed in, with device, browser and OS, the asking browser marked', async () => {
    const member = await stack.member('sessioni1');
    const laptop = await signIn(member, LAPTOP);
    await signIn(member, PHONE);
    const listed = await sessionsOf(laptop);
    expect(listed.filter((session) => session.current)).toEqual([
      expect.objectContaining({ device: 'desktop', browser: 'Chrome', os: 'Linux' }),
    ]);
    expect(listed).toContainEqual(
      expect.objectContaining({ device: 'mobile', browser: 'Safari', os: 'iOS', current: false }),
    );
    expect((await stack.browser().get('/api/auth/sessions')).status).toBe(401);
  });

  it('ends another session by id: its next request gets 401 at once and its socket is closed', async () => {
    const member = await stack.member('sessioni2');
    const laptop = await signIn(member, LAPTOP);
    const phone = await signIn(member, PHONE);
    const phoneSocket = await socketOf(phone);
    try {
      const target = (await sessionsOf(laptop)).find((session) => session.device === 'mobile');
      const ended = await laptop.request(`/api/auth/sessions/${target?.id ?? ''}`, { method: 'DELETE' });
      expect(ended.status).toBe(200);
      expect(await json(ended)).toEqual({ success: true, message: 'Sessione chiusa.' });
      expect((await phone.get('/api/auth/user')).status).toBe(401);
      expect((await laptop.get('/api/auth/user')).status).toBe(200);
      await waitFor(() => phoneSocket.state.closedByServer, scaled(5000), 'the phone’s socket closed');
      expect((await sessionsOf(laptop)).some((session) => session.device === 'mobile')).toBe(false);
    } finally {
      phoneSocket.socket.close();
    }
  });

  it('refuses to end a session that is not the member’s, or no longer live, in their language', async () => {
    const owner = await stack.member('sessioni3');
    const stranger = await stack.member('sessioni4');
    const ownerBrowser = await signIn(owner, LAPTOP);
    const strangerBrowser = await signIn(stranger, LAPTOP, 'en');
    const [ownerSession] = await sessionsOf(ownerBrowser);
    const refused = await strangerBrowser.request(`/api/auth/sessions/${ownerSession?.id ?? ''}`, { method: 'DELETE' });
    expect(refused.status).toBe(404);
    expect(await json(refused)).toEqual({ message: 'Session not found: it may have ended already.' });
    expect((await ownerBrowser.get('/api/auth/user')).status).toBe(200);
  });

  it('signs out everywhere else: the other sessions get 401 at once, this one stays', async () => {
    const member = await stack.member('sessioni5');
    const here = await signIn(member, LAPTOP, 'en');
    const others = [await signIn(member, PHONE), await signIn(member, LAPTOP)];
    const ended = await here.postJson('/api/auth/sessions/end-others', {});
    expect(ended.status).toBe(200);
    // Registering and the stack's member() signed in too: four others in all.
    expect(await json(ended)).toEqual({ success: true, message: 'Signed out of 4 other devices.', count: 4 });
    for (const other of others) expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await sessionsOf(here)).map((session) => session.current)).toEqual([true]);
  });

  it('is refused at once by another replica too, whose socket of it closes when SessionEnded arrives', async () => {
    const member = await stack.member('sessioni8');
    const laptop = await signIn(member, LAPTOP);
    const phone = await signIn(member, PHONE);
    const elsewhere = await stack.replica();
    expect((await phone.get(`${elsewhere}/api/auth/user`)).status).toBe(200);
    const phoneSocket = await socketOf(phone, elsewhere);
    try {
      const target = (await sessionsOf(laptop)).find((session) => session.device === 'mobile');
      expect((await laptop.request(`/api/auth/sessions/${target?.id ?? ''}`, { method: 'DELETE' })).status).toBe(200);
      expect((await phone.get(`${elsewhere}/api/auth/user`)).status).toBe(401);
      await waitFor(() => phoneSocket.state.closedByServer, scaled(5000), 'the phone’s socket on the other replica');
    } finally {
      phoneSocket.socket.close();
    }
  });

  it('refuses the sessions identity ended by itself (a second factor added) once its SessionEnded arrives', async () => {
    const member = await stack.member('sessioni7');
    const laptop = await signIn(member, LAPTOP);
    const phone = await signIn(member, PHONE);
    const phoneSocket = await socketOf(phone);
    try {
      const current = (await sessionsOf(laptop)).find((session) => session.current);
      // What identity's second-factor use case calls, with no BFF route marking anything.
      const { sessionIds } = await stack.identity.EndOtherSessions({ userId: member.id, sessionId: current?.id ?? '' });
      expect(sessionIds.length).toBeGreaterThan(0);
      await waitFor(async () => (await phone.get('/api/auth/user')).status === 401, scaled(5000), 'the event');
      await waitFor(() => phoneSocket.state.closedByServer, scaled(5000), 'the phone’s socket closed');
      expect((await laptop.get('/api/auth/user')).status).toBe(200);
    } finally {
      phoneSocket.socket.close();
    }
  });

  it('changes the password with the current one, ending the other sessions at once', async () => {
    const member = await stack.member('sessioni9');
    const here = await signIn(member, LAPTOP, 'en');
    const phone = await signIn(member, PHONE);
    const change = (currentPassword: string, newPassword: string) =>
      here.postJson('/api/auth/password/change', { currentPassword, newPassword });
    const wrong = await change('not-it', 'a-new-password');
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ message: 'The current password is not correct.' });
    expect((await phone.get('/api/auth/user')).status).toBe(200);

    const changed = await change(member.password, 'a-new-password');
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({
      success: true,
      message: 'Password updated: your other sessions have been signed out.',
    });
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    const again = stack.browser();
    expect((await again.postJson('/api/auth/login', { email: member.email, password: 'a-new-password' })).status).toBe(
      200,
    );
    expect((await stack.browser().postJson('/api/auth/password/change', {})).status).toBe(401);
  });

  it('ends identity’s record with a logout', async () => {
    const member = await stack.member('sessioni6');
    const laptop = await signIn(member, LAPTOP);
    const phone = await signIn(member, PHONE);
    expect((await phone.get('/api/logout')).status).toBe(302);
    expect((await sessionsOf(laptop)).some((session) => session.device === 'mobile')).toBe(false);
  });
});
