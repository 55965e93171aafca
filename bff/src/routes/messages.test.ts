import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import { ServiceTokenRefusedError } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** A member an admin approved (and credited), once messaging has heard of the approval. */
async function approvedMember(name: string, credits = 0) {
  const member = await stack.member(name);
  await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  if (credits > 0) await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: credits });
  const known = await stack.adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
  await waitFor(
    async () => (await known.findOne({ _id: member.id }))?.verificationStatus === 'approved',
    5000,
    'approval',
  );
  return member;
}

const send = (browser: Browser, recipientId: string, content: string, id: string = randomUUID()) =>
  browser.postJson('/api/messages', { id, recipientId, content });

describe('sending', () => {
  it('charges 2 credits a message, exactly, under concurrent sends against a small balance', async () => {
    const sender = await approvedMember('mario', 5);
    const recipient = await approvedMember('luisa');
    const sends = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(sender.browser, recipient.id, `ciao ${i}`)),
    );
    expect(sends.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(sends.filter((answer) => answer.status === 402)).toHaveLength(4);
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 1 });
    const thread = (await json(await recipient.browser.get(`/api/messages/${sender.id}`))) as unknown as unknown[];
    expect(thread).toHaveLength(2);
    const stored = await stack.adapters.documents.collection('messages');
    expect(await stored.count({ senderId: sender.id })).toBe(2);
  });

  it('stores and charges a retried send once', async () => {
    const sender = await approvedMember('nino', 10);
    const recipient = await approvedMember('olga');
    const id = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(sender.browser, recipient.id, 'una volta', id)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 8 });
    expect((await json(await recipient.browser.get('/api/messages/unread-count'))).count).toBe(1);
  });

  it('accepts the plain body without an id: the server names each message, so every send is a message of its own', async () => {
    const sender = await approvedMember('zeno', 10);
    const recipient = await approvedMember('yara');
    const body = { recipientId: recipient.id, content: 'senza id' };
    const answers = [
      await sender.browser.postJson('/api/messages', body),
      await sender.browser.postJson('/api/messages', body),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const sent = await Promise.all(
      answers.map(async (answer) => (await json(answer)).message as { id: string; senderId: string; content: string }),
    );
    expect(sent.map(({ senderId, content }) => ({ senderId, content }))).toEqual([
      { senderId: sender.id, content: 'senza id' },
      { senderId: sender.id, content: 'senza id' },
    ]);
    expect(new Set(sent.map((message) => message.id)).size).toBe(2);
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 6 });
    expect((await json(await recipient.browser.get('/api/messages/unread-count'))).count).toBe(2);
  });

  it('refuses with the rules’ texts, storing nothing', async () => {
    const sender = await approvedMember('pia', 10);
    const recipient = await approvedMember('quirino');
    const pending = await stack.member('rosa');
    const broke = await approvedMember('sandro');
    const self = await send(sender.browser, sender.id, 'io');
    expect(self.status).toBe(400);
    expect(await json(self)).toEqual({ message: 'Non puoi contattare te stesso.' });
    expect((await send(pending.browser, recipient.id, 'ciao')).status).toBe(403);
    const poor = await send(broke.browser, recipient.id, 'ciao');
    expect(poor.status).toBe(402);
    expect(await json(poor)).toEqual({
      message: 'Crediti insufficienti: non hai abbastanza crediti per questa azione.',
    });
    expect((await send(sender.browser, recipient.id, '   ')).status).toBe(400);
    await recipient.browser.postJson(`/api/users/${sender.id}/block`, { reason: 'spam' });
    expect((await send(sender.browser, recipient.id, 'bloccato')).status).toBe(404);
    const stored = await stack.adapters.documents.collection('messages');
    expect(await stored.count({ recipientId: recipient.id })).toBe(0);
    expect(await stored.count({ senderId: broke.id })).toBe(0);
  });
});

describe('what a message costs', () => {
  it('is taken by messaging, never by the BFF, whose token the wallet refuses for a debit', async () => {
    const sender = await approvedMember('vera', 10);
    const recipient = await approvedMember('walter');
    expect((await send(sender.browser, recipient.id, 'pagato da messaging')).status).toBe(201);
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 8 });
    const forged = stack.wallet.Debit({
      userId: sender.id,
      amount: 2,
      reference: { type: 'message', id: randomUUID() },
      idempotencyKey: `message:${randomUUID()}`,
      actorId: sender.id,
    });
    await expect(forged).rejects.toBeInstanceOf(ServiceTokenRefusedError);
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 8 });
  });
});

describe('real time and read state', () => {
  it('pushes a message to the recipient, and the read mark back to the sender', async () => {
    const sender = await approvedMember('tito', 10);
    const recipient = await approvedMember('ugo');
    const socketOf = (browser: Browser) =>
      connect(stack.url, { path: '/ws', transports: ['websocket'], extraHeaders: { Cookie: browser.cookieHeader() } });
    const recipientSocket = socketOf(recipient.browser);
    const senderSocket = socketOf(sender.browser);
    const received: unknown[] = [];
    const reads: unknown[] = [];
    recipientSocket.on('message_received', (event: unknown) => received.push(event));
    senderSocket.on('messages_read', (event: unknown) => reads.push(event));
    await Promise.all(
      [recipientSocket, senderSocket].map(
        (socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve())),
      ),
    );

    expect((await send(sender.browser, recipient.id, 'ci sei?')).status).toBe(201);
    await waitFor(() => received.length === 1, 5000, 'the push');
    expect(received[0]).toMatchObject({
      message: { content: 'ci sei?', senderId: sender.id },
      conversationWith: sender.id,
    });
    expect(await json(await recipient.browser.get('/api/messages/conversations'))).toEqual([
      expect.objectContaining({
        otherUserId: sender.id,
        unreadCount: 1,
        lastMessage: expect.objectContaining({ content: 'ci sei?' }),
      }),
    ]);
    const marked = await recipient.browser.postJson('/api/messages/mark-read', {
      senderId: sender.id,
      recipientId: recipient.id,
    });
    expect(await json(marked)).toMatchObject({ success: true, marked: 1 });
    await waitFor(() => reads.length === 1, 5000, 'the read mark');
    expect(reads[0]).toMatchObject({ readerId: recipient.id });
    expect((await json(await recipient.browser.get('/api/messages/unread-count'))).count).toBe(0);
    const forged = await sender.browser.postJson('/api/messages/mark-read', {
      senderId: recipient.id,
      recipientId: recipient.id,
    });
    expect(forged.status).toBe(403);
    recipientSocket.disconnect();
    senderSocket.disconnect();
  });
});
