import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@tip/platform/testing';
import { io as connect } from 'socket.io-client';
import { json, type Browser } from '../testing/browser.js';
import { fileForm, startStack, type TestStack } from '../testing/start-stack.js';
import { PNG } from '../testing/images.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const block = (browser: Browser, userId: string, body: unknown) =>
  browser.postJson(`/api/users/${encodeURIComponent(userId)}/block`, body);
const unblock = (browser: Browser, userId: string) =>
  browser.request(`/api/users/${encodeURIComponent(userId)}/block`, { method: 'DELETE' });
const blockedList = async (browser: Browser) => {
  const response = await browser.get('/api/blocked-users');
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
};

describe('blocking', () => {
  it('blocks a member with a reason and lists the blocked-user record', async () => {
    const anna = await stack.member('bl_anna');
    const bruno = await stack.member('bl_bruno');
    const image = await bruno.browser.postForm(
      '/api/auth/profile-image',
      fileForm('profileImage', PNG, 'b.png', 'image/png'),
    );
    expect(image.status).toBe(200);

    const response = await block(anna.browser, bruno.id, { reason: 'harassment' });

    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer).toMatchObject({ success: true, message: 'Utente bloccato' });
    const expected = {
      id: expect.any(String),
      blockedUserId: bruno.id,
      reason: 'harassment',
      createdAt: expect.any(String),
      blockedUser: {
        username: 'bl_bruno',
        profileImageUrl: expect.stringMatching(/^\/api\/users\/.+\/photos\/profile\?v=/),
      },
    };
    expect(answer.block).toEqual(expected);
    expect(await blockedList(anna.browser)).toEqual([answer.block]);
    // The blocked member's own list is theirs: empty.
    expect(await blockedList(bruno.browser)).toEqual([]);
    // Identity answers both ways for the feeds.
    expect(await stack.identity.BlockedBetween({ userId: bruno.id })).toMatchObject({ userIds: [anna.id] });
  });

  it('answers in the member’s language', async () => {
    const anna = await stack.member('bl_lingua');
    const bruno = await stack.member('bl_lingua2');
    const english = await anna.browser.request(`/api/users/${bruno.id}/block`, {
      method: 'POST',
      json: { reason: 'spam' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(await json(english)).toMatchObject({ message: 'User blocked' });
    const german = await anna.browser.request(`/api/users/${bruno.id}/block`, {
      method: 'DELETE',
      headers: { 'Accept-Language': 'de' },
    });
    expect(await json(german)).toMatchObject({ message: 'Benutzer entsperrt' });
  });

  it('keeps the first block when the same member is blocked twice', async () => {
    const anna = await stack.member('bl_due');
    const bruno = await stack.member('bl_due2');
    const first = await json(await block(anna.browser, bruno.id, { reason: 'spam' }));
    const second = await block(anna.browser, bruno.id, { reason: 'fake' });
    expect(second.status).toBe(200);
    expect((await json(second)).block).toEqual(first.block);
    expect(await blockedList(anna.browser)).toEqual([first.block]);
  });

  it('unblocks, and the list is empty again', async () => {
    const anna = await stack.member('bl_sblocca');
    const bruno = await stack.member('bl_sblocca2');
    await block(anna.browser, bruno.id, { reason: 'other' });
    const response = await unblock(anna.browser, bruno.id);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: 'Utente sbloccato' });
    expect(await blockedList(anna.browser)).toEqual([]);
    expect(await stack.identity.BlockedBetween({ userId: bruno.id })).toMatchObject({ userIds: [] });
    // Unblocking again, or someone never blocked, is no error.
    expect((await unblock(anna.browser, bruno.id)).status).toBe(200);
  });

  it('lets only the blocker lift a block', async () => {
    const anna = await stack.member('bl_solo');
    const bruno = await stack.member('bl_solo2');
    await block(anna.browser, bruno.id, { reason: 'spam' });
    expect((await unblock(bruno.browser, anna.id)).status).toBe(200);
    expect(await blockedList(anna.browser)).toHaveLength(1);
  });

  it('refuses to block oneself', async () => {
    const anna = await stack.member('bl_io');
    const response = await block(anna.browser, anna.id, { reason: 'spam' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Non puoi bloccare te stesso.' });
    expect(await blockedList(anna.browser)).toEqual([]);
  });

  it('refuses to block a member who does not exist', async () => {
    const anna = await stack.member('bl_nessuno');
    const response = await block(anna.browser, 'nobody-here', { reason: 'spam' });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Utente non trovato' });
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['an unknown reason', { reason: 'copyright' }],
    ['a reason of another case', { reason: 'SPAM' }],
    ['a number', { reason: 1 }],
    ['an operator object', { reason: { $gt: '' } }],
    ['an array', { reason: ['spam'] }],
    ['a list instead of an object', ['spam']],
  ])('refuses %s with the form’s text', async (_name, body) => {
    const anna = await stack.member(`bl_r${Math.random().toString(36).slice(2, 10)}`);
    const bruno = await stack.member(`bl_r${Math.random().toString(36).slice(2, 10)}`);
    const response = await block(anna.browser, bruno.id, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: Array.isArray(body) ? 'Dati non validi' : 'Devi selezionare un motivo per il blocco.',
    });
    expect(await blockedList(anna.browser)).toEqual([]);
  });

  it('refuses a request without a body with the form’s text', async () => {
    const anna = await stack.member('bl_vuoto');
    const bruno = await stack.member('bl_vuoto2');
    const response = await anna.browser.request(`/api/users/${bruno.id}/block`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Devi selezionare un motivo per il blocco.' });
  });

  it('is for members only', async () => {
    const bruno = await stack.member('bl_ospite');
    const visitor = stack.browser();
    for (const response of [
      await block(visitor, bruno.id, { reason: 'spam' }),
      await unblock(visitor, bruno.id),
      await visitor.get('/api/blocked-users'),
    ]) {
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ message: 'Non autenticato' });
    }
    expect(await stack.identity.BlockedBetween({ userId: bruno.id })).toMatchObject({ userIds: [] });
  });

  it('tells both members’ browsers that their blocks changed', async () => {
    const anna = await stack.member('bl_push');
    const bruno = await stack.member('bl_push2');
    const listen = (browser: Browser) => {
      const socket = connect(stack.url, {
        path: '/ws',
        transports: ['websocket'],
        extraHeaders: { Cookie: browser.cookieHeader() },
      });
      const heard: string[] = [];
      socket.on('blocks_updated', (event: { type: string }) => heard.push(event.type));
      return { socket, heard, connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())) };
    };
    const annas = listen(anna.browser);
    const brunos = listen(bruno.browser);
    await Promise.all([annas.connected, brunos.connected]);

    await block(anna.browser, bruno.id, { reason: 'spam' });
    await unblock(anna.browser, bruno.id);

    await waitFor(() => annas.heard.length === 2 && brunos.heard.length === 2, 5000, 'two pushes each');
    expect(annas.heard).toEqual(['blocks_updated', 'blocks_updated']);
    annas.socket.disconnect();
    brunos.socket.disconnect();
  });

  it('drops a member who deleted the account from the blocker’s list', async () => {
    const anna = await stack.member('bl_addio');
    const bruno = await stack.member('bl_addio2');
    await block(anna.browser, bruno.id, { reason: 'fake' });
    expect((await bruno.browser.request('/api/users/account', { method: 'DELETE' })).status).toBe(200);
    expect(await blockedList(anna.browser)).toEqual([]);
    await waitFor(
      async () => (await stack.identity.BlockedBetween({ userId: anna.id })).userIds.length === 0,
      5000,
      'the block lifted',
    );
  });
});
