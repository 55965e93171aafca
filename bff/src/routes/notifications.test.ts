import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { waitFor } from '@tip/platform/testing';
import { startPushServiceStandIn, type PushServiceStandIn } from '@tip/notifications/testing';
import type { Notification, NotificationPage, PushOf } from '../contract/index.js';
import { approvedMember as approved } from '../testing/approved-member.js';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let pushService: PushServiceStandIn;
let stack: TestStack;
let admin: { browser: Browser; id: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  stack = await startStack({ push: pushService.pushOptions });
  admin = await stack.admin();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
  await pushService.close();
});

/**
 * A member an admin approved (and credited), who has read what they were told of it: their bell starts at nothing.
 */
async function approvedMember(name: string, credits = 0) {
  const member = await approved(stack, admin, name, { credits });
  const told = credits > 0 ? 2 : 1;
  await waitFor(
    async () => (await json(await member.browser.get('/api/notifications/unread-count'))).count === told,
    5000,
    `${name} told of the approval`,
  );
  await member.browser.postJson('/api/notifications/read', { all: true });
  return member;
}

/** A post of the member's, published at once (the stack's content does not wait for moderators). */
async function post(browser: Browser, content: string): Promise<string> {
  const form = new FormData();
  form.append('category', 'trending');
  form.append('content', content);
  const created = await browser.postForm('/api/posts', form);
  expect(created.status).toBe(201);
  return ((await json(created)).item as { post: { id: string } }).post.id;
}

/** The member's first page. */
const pageOf = async (browser: Browser, query = '') =>
  (await json(await browser.get(`/api/notifications${query}`))) as unknown as NotificationPage;

/** The `notification` pushes the member's page receives. */
async function bellOf(browser: Browser): Promise<PushOf<'notification'>[]> {
  const socket = connect(stack.url, {
    path: '/ws',
    transports: ['websocket'],
    extraHeaders: { Cookie: browser.cookieHeader() },
  });
  sockets.push(socket);
  const pushes: PushOf<'notification'>[] = [];
  socket.on('notification', (event: PushOf<'notification'>) => pushes.push(event));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return pushes;
}

describe('notifications', () => {
  it('tells the author of a like on their page at once, and lists it, newest first, with the liker named', async () => {
    const author = await approvedMember('autore_n');
    const liker = await approvedMember('marco_n');
    const postId = await post(author.browser, 'mi piacerà');
    const pushes = await bellOf(author.browser);

    expect((await liker.browser.postJson(`/api/posts/${postId}/like`, {})).status).toBe(200);
    await waitFor(() => pushes.some((push) => push.unreadCount === 1), 5000, 'the push');
    const {
      notifications: [liked],
      nextCursor,
    } = await pageOf(author.browser);
    expect(nextCursor).toBeNull();
    expect([liked]).toEqual([
      expect.objectContaining({
        kind: 'post_liked',
        actor: { id: liker.id, username: 'marco_n', profileImageUrl: null },
        actorCount: 1,
        postId,
        read: false,
      }),
    ]);
    expect(pushes.at(-1)).toEqual({
      type: 'notification',
      unreadCount: 1,
      notificationIds: [liked?.id],
    });
    expect(await json(await author.browser.get('/api/notifications/unread-count'))).toEqual({ count: 1 });
    // The liker hears nothing of their own like.
    expect((await pageOf(liker.browser)).notifications.filter((entry) => entry.kind === 'post_liked')).toEqual([]);
  });

  it('marks read what the member names, or everything, and their pages hear the count', async () => {
    const author = await approvedMember('lettrice_n');
    const likers = [await approvedMember('primo_n'), await approvedMember('secondo_n')];
    const posts = [await post(author.browser, 'uno'), await post(author.browser, 'due')];
    const pushes = await bellOf(author.browser);
    for (const [i, liker] of likers.entries()) await liker.browser.postJson(`/api/posts/${posts[i]}/like`, {});
    await waitFor(() => pushes.some((push) => push.unreadCount === 2), 5000, 'two unread');
    const [newest, older] = (await pageOf(author.browser)).notifications as [Notification, Notification];

    const one = await author.browser.postJson('/api/notifications/read', { ids: [newest.id] });
    expect(await json(one)).toEqual({ success: true, marked: 1, unreadCount: 1 });
    await waitFor(() => pushes.at(-1)?.unreadCount === 1, 5000, 'the count pushed');
    expect((await pageOf(author.browser)).notifications.slice(0, 2).map((entry) => [entry.id, entry.read])).toEqual([
      [newest.id, true],
      [older.id, false],
    ]);
    const all = await author.browser.postJson('/api/notifications/read', { all: true });
    expect(await json(all)).toEqual({ success: true, marked: 1, unreadCount: 0 });
    await waitFor(() => pushes.at(-1)?.unreadCount === 0, 5000, 'nothing unread pushed');
    expect(await json(await author.browser.get('/api/notifications/unread-count'))).toEqual({ count: 0 });
  });

  it('pages with the cursor it answers', async () => {
    const author = await approvedMember('pagina_n');
    const liker = await approvedMember('sfoglia_n');
    for (const content of ['a', 'b', 'c']) {
      await liker.browser.postJson(`/api/posts/${await post(author.browser, content)}/like`, {});
    }
    await waitFor(async () => (await pageOf(author.browser)).notifications.length === 4, 5000, 'three likes');
    const first = await pageOf(author.browser, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await pageOf(author.browser, `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    // The approval, read, comes last.
    expect(second.notifications.map((entry) => entry.kind)).toEqual(['post_liked', 'verification_approved']);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.notifications, ...second.notifications].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(4);
    expect((await author.browser.get('/api/notifications?cursor=altro')).status).toBe(400);
  });

  it('reads a message’s notification when its conversation is read in a page', async () => {
    const reader = await approvedMember('legge_n');
    const writer = await approvedMember('scrive_n', 10);
    const pushes = await bellOf(reader.browser);
    const sent = await writer.browser.postJson('/api/messages', {
      id: randomUUID(),
      recipientId: reader.id,
      content: 'ciao',
    });
    expect(sent.status).toBe(201);
    await waitFor(() => pushes.at(-1)?.unreadCount === 1, 5000, 'the message’s notification');
    expect((await pageOf(reader.browser)).notifications[0]).toMatchObject({
      kind: 'message_received',
      actor: { id: writer.id, username: 'scrive_n' },
      conversationWith: writer.id,
      count: 1,
    });
    await reader.browser.postJson('/api/messages/mark-read', { senderId: writer.id, recipientId: reader.id });
    await waitFor(() => pushes.at(-1)?.unreadCount === 0, 5000, 'read with the conversation');
    expect((await pageOf(reader.browser)).notifications[0]?.read).toBe(true);
  });

  it('reads a notification of its own (credits an admin added) by the id it lists', async () => {
    const member = await approvedMember('crediti_n');
    const pushes = await bellOf(member.browser);
    await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: 15 });
    await waitFor(() => pushes.at(-1)?.unreadCount === 1, 5000, 'the credits told');
    const [granted] = (await pageOf(member.browser)).notifications;
    expect(granted).toMatchObject({ kind: 'credits_granted', credits: 15, actor: null, read: false });
    const read = await member.browser.postJson('/api/notifications/read', { ids: [granted?.id] });
    expect(await json(read)).toEqual({ success: true, marked: 1, unreadCount: 0 });
  });

  it('refuses a read that names nothing, and a visitor', async () => {
    const member = await approvedMember('vuoto_n');
    const nothing = await member.browser.postJson('/api/notifications/read', {});
    expect(nothing.status).toBe(400);
    expect(await json(nothing)).toEqual({ message: 'Indica quali notifiche segnare come lette, o tutte.' });
    expect((await member.browser.postJson('/api/notifications/read', { ids: ['../x'] })).status).toBe(400);
    const visitor = stack.browser();
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    expect((await visitor.get('/api/notifications/unread-count')).status).toBe(401);
    expect((await visitor.postJson('/api/notifications/read', { all: true })).status).toBe(401);
  });
});

describe('preferences and Web Push', () => {
  const everyGroup = { messages: true, posts: true, decisions: true, credits: true, queues: true };
  const noGroup = { messages: false, posts: false, decisions: false, credits: false, queues: false };

  it('answers the defaults, saves the whole object, and refuses bad quiet hours in the member’s language', async () => {
    const { browser } = await stack.member('preferenze_n');
    const path = '/api/notifications/preferences';
    expect(await json(await browser.get(path))).toEqual({
      inApp: everyGroup,
      push: noGroup,
      previews: false,
      quietHours: null,
    });
    const preferences = {
      inApp: { ...everyGroup, queues: false },
      push: { ...noGroup, messages: true },
      previews: true,
      quietHours: { from: '22:00', to: '07:30', timeZone: 'Europe/Rome' },
    };
    const saved = await browser.postJson(path, preferences, 'PUT');
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual(preferences);
    expect(await json(await browser.get(path))).toEqual(preferences);

    const badTime = { ...preferences, quietHours: { ...preferences.quietHours, from: '25:00' } };
    const refusedTime = await browser.postJson(path, badTime, 'PUT');
    expect(refusedTime.status).toBe(400);
    expect(await json(refusedTime)).toEqual({
      message: 'Indica le ore di silenzio come ore e minuti, da 00:00 a 23:59.',
    });
    // The time zone is the service's to judge.
    const badZone = { ...preferences, quietHours: { ...preferences.quietHours, timeZone: 'Mars/Olympus' } };
    const refusedZone = await browser.postJson(path, badZone, 'PUT');
    expect(refusedZone.status).toBe(400);
    expect(await json(refusedZone)).toEqual({ message: 'Il fuso orario delle ore di silenzio non è valido.' });
    expect((await browser.postJson(path, { ...preferences, push: undefined }, 'PUT')).status).toBe(400);
    expect(await json(await browser.get(path))).toEqual(preferences);
  });

  it('subscribes a device that then hears of a like, decrypted as its browser would, and unsubscribes it', async () => {
    const author = await approvedMember('dispositivo_n');
    const liker = await approvedMember('luca_n');
    const key = (await json(await author.browser.get('/api/notifications/push/key'))) as { publicKey: string };
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    const device = pushService.device();
    const subscriptions = '/api/notifications/push/subscriptions';
    const subscribed = await author.browser.postJson(subscriptions, { ...device, received: undefined, language: 'en' });
    expect(subscribed.status).toBe(204);
    const preferences = { inApp: everyGroup, push: everyGroup, previews: false, quietHours: null };
    expect((await author.browser.postJson('/api/notifications/preferences', preferences, 'PUT')).status).toBe(200);

    const postId = await post(author.browser, 'da sapere subito');
    expect((await liker.browser.postJson(`/api/posts/${postId}/like`, {})).status).toBe(200);
    await waitFor(() => device.received.length === 1, 5000, 'the push on the device');
    const [liked] = (await pageOf(author.browser)).notifications;
    expect(device.received[0]).toMatchObject({
      payload: {
        id: liked?.id,
        kind: 'post_liked',
        title: 'luca_n liked your post',
        body: '',
        url: `/posts/${postId}`,
        tag: liked?.id,
      },
      vapidKey: key.publicKey,
    });

    // Signed out on that device, twice: the second changes nothing.
    for (let i = 0; i < 2; i += 1) {
      const ended = await author.browser.postJson(subscriptions, { endpoint: device.endpoint }, 'DELETE');
      expect(ended.status).toBe(204);
    }
    const exported = await stack.notifications.ExportMember({ userId: author.id });
    expect(JSON.parse(exported.json).pushSubscriptions).toEqual([]);
  });

  it('shows a message’s text on the device only to a member who chose previews, cut to a line', async () => {
    const reader = await approvedMember('anteprima_n');
    const writer = await approvedMember('mittente_n', 10);
    const device = pushService.device();
    const subscriptions = '/api/notifications/push/subscriptions';
    expect(
      (await reader.browser.postJson(subscriptions, { ...device, received: undefined, language: 'en' })).status,
    ).toBe(204);
    const preferences = { inApp: everyGroup, push: everyGroup, previews: false, quietHours: null };
    expect((await reader.browser.postJson('/api/notifications/preferences', preferences, 'PUT')).status).toBe(200);
    const write = async (content: string) =>
      expect(
        (await writer.browser.postJson('/api/messages', { id: randomUUID(), recipientId: reader.id, content })).status,
      ).toBe(201);

    await write('Ci vediamo alle otto?');
    await waitFor(() => device.received.length === 1, 10_000, 'the first message on the device');
    expect(device.received[0]?.payload).toMatchObject({ title: 'New message from mittente_n', body: '' });

    const settings = { ...preferences, previews: true };
    expect((await reader.browser.postJson('/api/notifications/preferences', settings, 'PUT')).status).toBe(200);
    await write(`Porta ${'il vino, '.repeat(30)}grazie`);
    await waitFor(() => device.received.length === 2, 10_000, 'the second message on the device');
    const { payload } = device.received[1] as { payload: { title: string; body: string } };
    expect(payload.title).toBe('2 new messages from mittente_n');
    expect(payload.body).toMatch(/^Porta il vino, il vino, .*…$/);
    expect(payload.body.length).toBeLessThanOrEqual(121);
  });

  it('refuses a subscription that is not a push service’s, in the member’s language, and a visitor', async () => {
    const { browser } = await stack.member('rifiuto_n');
    const { keys } = pushService.device();
    const subscriptions = '/api/notifications/push/subscriptions';
    const refused = await browser.postJson(subscriptions, { endpoint: 'http://example.com/x', keys, language: 'it' });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      message: "L'indirizzo di questo dispositivo per le notifiche non è di un servizio push riconosciuto.",
    });
    const visitor = stack.browser();
    expect((await visitor.get('/api/notifications/preferences')).status).toBe(401);
    expect((await visitor.get('/api/notifications/push/key')).status).toBe(401);
    expect((await visitor.postJson(subscriptions, { endpoint: 'https://x.test/1' }, 'DELETE')).status).toBe(401);
  });
});
