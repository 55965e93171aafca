import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CreditsDebited } from '@tip/platform';
import { failureOf, waitFor } from '@tip/platform/testing';
import { startMessagingHarness, type MessagingHarness } from '../testing/harness.js';

let harness: MessagingHarness;

beforeAll(async () => {
  harness = await startMessagingHarness();
});
afterAll(() => harness.stop());

const send = async (userId: string, recipientId: string, content: string, blockedUserIds: string[] = []) => {
  const messageId = randomUUID();
  const prepared = await harness.client.PrepareSend({ messageId, userId, recipientId, content, blockedUserIds });
  return { messageId, prepared };
};

describe('writing', () => {
  it('holds the spec’s rules', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const pending = await harness.member({ verificationStatus: 'pending' });
    const refusal = (userId: string, recipientId: string, content = 'ciao', blocked: string[] = []) =>
      failureOf(send(userId, recipientId, content, blocked));
    expect(await refusal(pending, recipient)).toMatchObject({
      code: 'PERMISSION_DENIED',
      messageKey: 'errors.notApproved',
    });
    expect(await refusal(sender, sender)).toMatchObject({ messageKey: 'messaging.contactSelf' });
    expect(await refusal(sender, 'nobody')).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'messaging.recipientUnavailable',
    });
    expect(await refusal(sender, recipient, 'ciao', [recipient])).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(sender, recipient, '   ')).toMatchObject({ messageKey: 'messaging.contentRequired' });
    expect(await refusal(sender, recipient, 'x'.repeat(2001))).toMatchObject({
      messageKey: 'messaging.contentTooLong',
    });
  });

  it('costs 2 credits, and nothing for an admin', async () => {
    const member = await harness.member();
    const admin = await harness.member({ isAdmin: true });
    const recipient = await harness.member();
    const { messageId, prepared } = await send(member, recipient, 'ciao');
    expect(prepared).toEqual({ cost: 2, idempotencyKey: `message:${messageId}` });
    expect((await send(admin, recipient, 'ciao')).prepared.cost).toBe(0);
  });

  it('shows nothing until committed, then once, and keeps a retry of the same message one message', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const { messageId } = await send(sender, recipient, 'primo');
    expect(
      (await harness.client.Thread({ userId: recipient, otherUserId: sender, cursor: '', limit: 10 })).messages,
    ).toEqual([]);
    const retry = await harness.client.PrepareSend({
      messageId,
      userId: sender,
      recipientId: recipient,
      content: 'primo',
      blockedUserIds: [],
    });
    expect(retry.cost).toBe(2);
    expect(
      await failureOf(
        harness.client.PrepareSend({
          messageId,
          userId: sender,
          recipientId: recipient,
          content: 'altro',
          blockedUserIds: [],
        }),
      ),
    ).toMatchObject({ messageKey: 'messaging.idReused' });
    await Promise.all([1, 2, 3].map(() => harness.client.CommitSend({ messageId, userId: sender })));
    const thread = await harness.client.Thread({ userId: recipient, otherUserId: sender, cursor: '', limit: 10 });
    expect(thread.messages.map((message) => message.content)).toEqual(['primo']);
    await waitFor(
      () => harness.published.some((event) => (event.payload as { messageId?: string }).messageId === messageId),
      5000,
      'MessageSent',
    );
    expect(
      harness.published.filter((event) => (event.payload as { messageId?: string }).messageId === messageId),
    ).toHaveLength(1);
  });

  it('commits a message whose debit the wallet reports, when the caller stopped before committing', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const { messageId } = await send(sender, recipient, 'pagato, mai confermato');
    const debited = CreditsDebited.create(
      'account',
      {
        accountId: 'account',
        userId: sender,
        entryId: 'account:2',
        sequence: 2,
        amount: -2,
        balanceAfter: 3,
        reference: { type: 'message', id: messageId },
        occurredAt: new Date().toISOString(),
      },
      'wallet',
    );
    await harness.events.publish(CreditsDebited.topic, [debited]);
    await waitFor(
      async () =>
        (await harness.client.Thread({ userId: recipient, otherUserId: sender, cursor: '', limit: 10 })).messages
          .length === 1,
      5000,
      'the saga’s commit',
    );
  });

  it('forgets a message whose debit was refused', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const { messageId } = await send(sender, recipient, 'senza crediti');
    await harness.client.AbortSend({ messageId, userId: sender });
    const messages = await harness.documents.collection('messages');
    expect(await messages.count({ _id: messageId })).toBe(0);
  });
});

describe('reading', () => {
  it('lists conversations with the last message and unread counts, marks them read, and pages the thread', async () => {
    const anna = await harness.member({ username: 'anna' });
    const bruno = await harness.member({ username: 'bruno' });
    for (const content of ['uno', 'due', 'tre']) {
      const { messageId } = await send(anna, bruno, content);
      await harness.client.CommitSend({ messageId, userId: anna });
    }
    const listed = await harness.client.Conversations({ userId: bruno });
    expect(listed.conversations).toEqual([
      expect.objectContaining({
        otherUserId: anna,
        otherUser: expect.objectContaining({ username: 'anna' }),
        lastMessage: expect.objectContaining({ content: 'tre' }),
        unreadCount: 3,
      }),
    ]);
    expect(await harness.client.UnreadCount({ userId: bruno })).toEqual({ count: 3 });
    expect(await harness.client.UnreadCount({ userId: anna })).toEqual({ count: 0 });
    const first = await harness.client.Thread({ userId: bruno, otherUserId: anna, cursor: '', limit: 2 });
    expect(first.messages.map((message) => message.content)).toEqual(['tre', 'due']);
    const older = await harness.client.Thread({ userId: bruno, otherUserId: anna, cursor: first.nextCursor, limit: 2 });
    expect(older.messages.map((message) => message.content)).toEqual(['uno']);

    const read = await harness.client.MarkRead({ userId: bruno, senderId: anna });
    expect(read.marked).toBe(3);
    expect(await harness.client.UnreadCount({ userId: bruno })).toEqual({ count: 0 });
    const seenBySender = await harness.client.Thread({ userId: anna, otherUserId: bruno, cursor: '', limit: 10 });
    expect(seenBySender.messages.every((message) => message.readAt === read.readAt)).toBe(true);
    await waitFor(() => harness.published.some((event) => event.type === 'MessagesRead'), 5000, 'MessagesRead');
  });
});
