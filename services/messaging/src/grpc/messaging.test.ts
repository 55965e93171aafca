import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CreditsDebited } from '@tip/wallet/contract';
import { failureOf, waitFor } from '@tip/platform/testing';
import { conversationKey } from '../domain/index.js';
import { startMessagingHarness, type MessagingHarness } from '../testing/harness.js';

let harness: MessagingHarness;

beforeAll(async () => {
  harness = await startMessagingHarness();
});
afterAll(() => harness.stop());

const send = async (userId: string, recipientId: string, content: string) => {
  const messageId = randomUUID();
  const sent = await harness.client.Send({ messageId, userId, recipientId, content });
  return { messageId, sent };
};
const threadOf = async (userId: string, otherUserId: string) =>
  (await harness.client.Thread({ userId, otherUserId, cursor: '', limit: 10 })).messages;
const messageSentFor = (messageId: string) =>
  harness.published.filter((event) => (event.payload as { messageId?: string }).messageId === messageId);

describe('writing', () => {
  it('holds the rules of writing, and charges nothing for a message refused', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const pending = await harness.member({ verificationStatus: 'pending' });
    const refusal = (userId: string, recipientId: string, content = 'ciao') =>
      failureOf(send(userId, recipientId, content));
    expect(await refusal(pending, recipient)).toMatchObject({
      code: 'PERMISSION_DENIED',
      messageKey: 'errors.notApproved',
    });
    expect(await refusal(sender, sender)).toMatchObject({ messageKey: 'messaging.contactSelf' });
    expect(await refusal(sender, 'nobody')).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'messaging.recipientUnavailable',
    });
    expect(await refusal(sender, recipient, '   ')).toMatchObject({ messageKey: 'messaging.contentRequired' });
    expect(await refusal(sender, recipient, 'x'.repeat(2001))).toMatchObject({
      messageKey: 'messaging.contentTooLong',
    });
    expect(await harness.wallet.balance(sender)).toBe(100);
  });

  it('charges the sender 2 credits through the wallet, keyed by the message, and an admin nothing', async () => {
    const member = await harness.member();
    const admin = await harness.member({ isAdmin: true }, 0);
    const recipient = await harness.member();
    const { messageId, sent } = await send(member, recipient, 'ciao');
    // The debit is the member's second entry (after their 100 credits): the BFF keeps the latest it hears of.
    expect(sent).toMatchObject({
      debited: true,
      balance: 98,
      sequence: 2,
      message: { id: messageId, content: 'ciao' },
    });
    expect(await harness.wallet.balance(member)).toBe(98);
    const history = await harness.wallet.client.History({ userId: member, cursor: '', limit: 10 });
    expect(history.entries[0]).toMatchObject({ amount: -2, reference: { type: 'message', id: messageId } });
    expect((await send(admin, recipient, 'ciao')).sent).toMatchObject({ debited: false });
    expect(await harness.wallet.balance(admin)).toBe(0);
  });

  it('keeps a retry of the same message one message, sent and charged once', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const messageId = randomUUID();
    const input = { messageId, userId: sender, recipientId: recipient, content: 'primo' };
    const replies = await Promise.all([1, 2, 3].map(() => harness.client.Send(input)));
    expect(new Set(replies.map((reply) => reply.message?.id))).toEqual(new Set([messageId]));
    // Each answers the one debit, and the balance its entry left.
    expect(replies.map(({ balance, sequence }) => ({ balance, sequence }))).toEqual(
      Array(3).fill({ balance: 98, sequence: 2 }),
    );
    expect((await threadOf(recipient, sender)).map((message) => message.content)).toEqual(['primo']);
    expect(await harness.wallet.balance(sender)).toBe(98);
    expect(await failureOf(harness.client.Send({ ...input, content: 'altro' }))).toMatchObject({
      messageKey: 'messaging.idReused',
    });
    await waitFor(() => messageSentFor(messageId).length > 0, 5000, 'MessageSent');
    expect(messageSentFor(messageId)).toHaveLength(1);
  });

  it('stores nothing of a message the sender cannot pay for, and takes nothing', async () => {
    const sender = await harness.member({}, 1);
    const recipient = await harness.member();
    const messageId = randomUUID();
    const refused = harness.client.Send({
      messageId,
      userId: sender,
      recipientId: recipient,
      content: 'senza crediti',
    });
    expect(await failureOf(refused)).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    const messages = await harness.documents.collection('messages');
    expect(await messages.count({ _id: messageId })).toBe(0);
    expect(await harness.wallet.balance(sender)).toBe(1);
  });

  it('sends exactly as many of a burst of messages as the balance pays for', async () => {
    const sender = await harness.member({}, 7);
    const recipient = await harness.member();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => send(sender, recipient, `messaggio ${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await harness.wallet.balance(sender)).toBe(1);
    expect(await threadOf(recipient, sender)).toHaveLength(3);
    const messages = await harness.documents.collection('messages');
    expect(await messages.count({ senderId: sender })).toBe(3);
  });

  it('commits a message whose debit the wallet reports, when the send stopped before committing', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const messageId = await harness.interruptedSend(sender, recipient, 'pagato, mai confermato');
    expect(await threadOf(recipient, sender)).toEqual([]);
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
    await waitFor(async () => (await threadOf(recipient, sender)).length === 1, 5000, 'the send’s commit');
  });

  it('keeps a message pending while the wallet does not answer, and sends it once on a retry', async () => {
    const sender = await harness.member();
    const recipient = await harness.member();
    const input = {
      messageId: randomUUID(),
      userId: sender,
      recipientId: recipient,
      content: 'riprovo',
    };
    await harness.wallet.down();
    expect(await failureOf(harness.client.Send(input))).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await threadOf(recipient, sender)).toEqual([]);
    await harness.restart();
    expect((await harness.client.Send(input)).message).toMatchObject({ id: input.messageId, content: 'riprovo' });
    expect(await threadOf(recipient, sender)).toHaveLength(1);
    expect(await harness.wallet.balance(sender)).toBe(98);
  });
});

describe('reading', () => {
  it('lists conversations with the last message and unread counts, marks them read, and pages the thread', async () => {
    const anna = await harness.member({ username: 'anna' });
    const bruno = await harness.member({ username: 'bruno' });
    for (const content of ['uno', 'due', 'tre']) await send(anna, bruno, content);
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

  it('pages a thread whose messages were written in the same millisecond without skipping or repeating one', async () => {
    const anna = await harness.member({ username: 'anna' });
    const bruno = await harness.member({ username: 'bruno' });
    for (const content of ['uno', 'due', 'tre', 'quattro', 'cinque']) await send(anna, bruno, content);
    // Two sends at once on a busy server share their time; here all five do.
    const messages = await harness.documents.collection('messages');
    await messages.updateMany({ senderId: anna }, { $set: { createdAt: new Date().toISOString() } });
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await harness.client.Thread({ userId: bruno, otherUserId: anna, cursor, limit: 2 });
      seen.push(...page.messages.map((message) => message.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['cinque', 'due', 'quattro', 'tre', 'uno']);
    // A time alone (what a cursor was before) no longer says where a page ends.
    const stale = harness.client.Thread({
      userId: bruno,
      otherUserId: anna,
      cursor: '2026-11-25T10:00:00.000Z',
      limit: 2,
    });
    expect(await failureOf(stale)).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('blocks', () => {
  const listed = async (userId: string) =>
    (await harness.client.Conversations({ userId })).conversations.map((conversation) => conversation.otherUserId);

  it('refuse a send either way right after the block is acknowledged, whatever the caller knows, charging nothing', async () => {
    const anna = await harness.member();
    const bruno = await harness.member();
    await send(bruno, anna, 'ciao');
    await harness.block(anna, bruno);
    for (const [from, to] of [
      [bruno, anna],
      [anna, bruno],
    ] as const) {
      expect(await failureOf(send(from, to, 'ci sei?'))).toMatchObject({
        code: 'NOT_FOUND',
        messageKey: 'messaging.recipientUnavailable',
      });
    }
    expect(await harness.wallet.balance(anna)).toBe(100);
    expect(await harness.wallet.balance(bruno)).toBe(98);
    await harness.unblock(anna, bruno);
    expect((await send(bruno, anna, 'di nuovo')).sent.message?.content).toBe('di nuovo');
  });

  it('take the conversation out of both lists, its unread count and its thread, and give it back when lifted', async () => {
    const anna = await harness.member();
    const bruno = await harness.member();
    const carla = await harness.member();
    await send(bruno, anna, 'da bruno');
    await send(carla, anna, 'da carla');
    await harness.block(anna, bruno);
    expect(await listed(anna)).toEqual([carla]);
    expect(await listed(bruno)).toEqual([]);
    expect(await harness.client.UnreadCount({ userId: anna })).toEqual({ count: 1 });
    expect(await threadOf(anna, bruno)).toEqual([]);
    expect(await threadOf(bruno, anna)).toEqual([]);

    await harness.unblock(anna, bruno);
    expect(await listed(anna)).toEqual([carla, bruno]);
    expect(await listed(bruno)).toEqual([anna]);
    expect((await threadOf(anna, bruno)).map((message) => message.content)).toEqual(['da bruno']);
  });

  it('hold as identity last said when its events come twice', async () => {
    const anna = await harness.member();
    const bruno = await harness.member();
    await harness.block(anna, bruno);
    await harness.block(anna, bruno);
    expect(await failureOf(send(bruno, anna, 'ciao'))).toMatchObject({ code: 'NOT_FOUND' });
    await harness.unblock(anna, bruno);
    await harness.unblock(anna, bruno);
    expect((await send(bruno, anna, 'ciao')).sent.message?.content).toBe('ciao');
  });
});

describe('Preview', () => {
  it('answers notifications alone the latest message to the member, and nothing of one to the other', async () => {
    const anna = await harness.member({ username: 'anna' });
    const bruno = await harness.member({ username: 'bruno' });
    for (const content of ['prima', 'seconda']) await send(anna, bruno, content);
    await send(bruno, anna, 'risposta');
    const conversation = conversationKey(anna, bruno);
    const notifications = harness.clientAs('notifications');
    expect(await notifications.Preview({ conversation, recipientId: bruno })).toEqual({ content: 'seconda' });
    expect(await notifications.Preview({ conversation, recipientId: anna })).toEqual({ content: 'risposta' });
    expect(await notifications.Preview({ conversation, recipientId: randomUUID() })).toEqual({ content: '' });
    await expect(harness.client.Preview({ conversation, recipientId: bruno })).rejects.toThrow(/caller not admitted/);
  });
});

describe('through an anonymous post', () => {
  const postId = () => randomUUID();
  /** A committed message; `post`: through that anonymous post of `authorId`. */
  const write = async (userId: string, recipientId: string, content: string, post?: [string, string]) => {
    const messageId = randomUUID();
    const anonymousPost = post ? { postId: post[0], authorId: post[1] } : null;
    const { message } = await harness.client.Send({
      messageId,
      userId,
      recipientId,
      content,
      anonymousPost,
    });
    return message;
  };
  const thread = (userId: string, otherUserId: string, post: string) =>
    harness.client.Thread({ userId, otherUserId, postId: post, cursor: '', limit: 10 });

  it('keeps the author unnamed to the member who writes, in a conversation of its own, and lets the author answer', async () => {
    const author = await harness.member({ username: 'autrice' });
    const member = await harness.member({ username: 'curioso' });
    const post = postId();
    // The two also write as themselves: that conversation stays apart.
    await write(member, author, 'ciao, ci conosciamo');

    const sent = await write(member, author, 'Bel post!', [post, author]);
    expect(sent).toMatchObject({ senderId: member, recipientId: '', postId: post, content: 'Bel post!' });

    const byAuthor = (await harness.client.Conversations({ userId: author })).conversations;
    expect(byAuthor).toEqual([
      expect.objectContaining({
        otherUserId: member,
        otherUser: expect.objectContaining({ username: 'curioso' }),
        postId: post,
        unreadCount: 1,
      }),
      expect.objectContaining({ otherUserId: member, postId: '', unreadCount: 1 }),
    ]);
    expect((await thread(author, member, post)).messages).toEqual([
      expect.objectContaining({ senderId: member, recipientId: author, content: 'Bel post!', postId: post }),
    ]);

    const answer = await write(author, member, 'Grazie!', [post, author]);
    expect(answer).toMatchObject({ senderId: author, recipientId: member, postId: post });

    const byMember = (await harness.client.Conversations({ userId: member })).conversations;
    expect(byMember[0]).toEqual({
      otherUserId: '',
      otherUser: null,
      lastMessage: expect.objectContaining({ senderId: '', recipientId: member, content: 'Grazie!', postId: post }),
      unreadCount: 1,
      postId: post,
    });
    expect(byMember[1]).toMatchObject({ otherUserId: author, postId: '' });
    const seen = await thread(member, '', post);
    expect(seen.messages.map((message) => [message.senderId, message.recipientId, message.content])).toEqual([
      ['', member, 'Grazie!'],
      [member, '', 'Bel post!'],
    ]);
    expect(JSON.stringify([byMember[0], seen])).not.toContain(author);
    const exported = JSON.parse((await harness.client.ExportMember({ userId: member })).json) as {
      messages: { senderId: string; recipientId: string; content: string }[];
    };
    const throughPost = exported.messages.filter((message) => message.content !== 'ciao, ci conosciamo');
    expect(throughPost).toHaveLength(2);
    expect(JSON.stringify(throughPost)).not.toContain(author);
  });

  it('says in MessageSent which anonymous post a message goes through, so no one tells the member its author', async () => {
    const author = await harness.member();
    const member = await harness.member();
    const post = postId();
    const question = await write(member, author, 'domanda', [post, author]);
    const answer = await write(author, member, 'risposta', [post, author]);
    const plain = await write(member, author, 'da me');
    for (const id of [question?.id, answer?.id, plain?.id]) {
      await waitFor(() => messageSentFor(id ?? '').length > 0, 5000, 'MessageSent');
    }
    const postOf = (id = '') => (messageSentFor(id)[0]?.payload as { post?: unknown }).post;
    expect(postOf(question?.id)).toEqual({ postId: post, authorId: author });
    expect(postOf(answer?.id)).toEqual({ postId: post, authorId: author });
    expect(postOf(plain?.id)).toBeUndefined();
  });

  it('marks read both ways, telling the reader to the sender only where the reader is not the author', async () => {
    const author = await harness.member();
    const member = await harness.member();
    const stranger = await harness.member();
    const post = postId();
    await write(member, author, 'domanda', [post, author]);
    await write(author, member, 'risposta', [post, author]);

    // Someone else cannot read the conversation, nor mark it.
    expect((await thread(stranger, member, post)).messages).toEqual([]);
    expect((await thread(stranger, '', post)).messages).toEqual([]);
    expect(await harness.client.MarkRead({ userId: stranger, senderId: member, postId: post })).toEqual({
      marked: 0,
      readAt: '',
    });

    expect((await harness.client.MarkRead({ userId: member, senderId: '', postId: post })).marked).toBe(1);
    expect((await harness.client.MarkRead({ userId: author, senderId: member, postId: post })).marked).toBe(1);
    expect(await harness.client.UnreadCount({ userId: member })).toEqual({ count: 0 });
    expect(await harness.client.UnreadCount({ userId: author })).toEqual({ count: 0 });
    await waitFor(
      () =>
        harness.published.filter(
          (event) => event.type === 'MessagesRead' && (event.payload as { post?: unknown }).post !== undefined,
        ).length >= 2,
      5000,
      'two MessagesRead',
    );
    const reads = harness.published
      .filter((event) => event.type === 'MessagesRead')
      .map((event) => event.payload as { readerId: string; senderId: string; post?: { postId: string } })
      .filter((payload) => payload.post?.postId === post);
    expect(reads.map(({ readerId, senderId, post: about }) => [readerId, senderId, about])).toEqual([
      [member, author, { postId: post, authorId: author }],
      [author, member, { postId: post, authorId: author }],
    ]);
    const [mine] = (await thread(member, '', post)).messages.filter((message) => message.content === 'domanda');
    expect(mine?.readAt).not.toBe('');
  });

  it('lets the author answer only where a member wrote first, and the member write only to the author', async () => {
    const author = await harness.member();
    const member = await harness.member();
    const other = await harness.member();
    const post = postId();
    expect(await failureOf(write(author, member, 'ti scrivo io', [post, author]))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'messaging.recipientUnavailable',
    });
    expect(await failureOf(write(member, other, 'a chi?', [post, author]))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    // An author who blocked the member is unavailable as anyone blocked is.
    await harness.block(author, member);
    expect(await failureOf(write(member, author, 'ciao', [post, author]))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'messaging.recipientUnavailable',
    });
  });
});
