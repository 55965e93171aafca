import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connect, type Socket } from 'socket.io-client';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({ postApproval: 'immediate' });
  admin = await stack.admin();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
});

/** A member an admin approved (and credited), once content and messaging have heard of it. */
async function approvedMember(name: string, credits = 0) {
  const member = await stack.member(name);
  await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  if (credits > 0) await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: credits });
  for (const name of ['authors', 'members']) {
    const known = await stack.adapters.documents.collection<{ _id: string; verificationStatus: string }>(name);
    await waitFor(
      async () => (await known.findOne({ _id: member.id }))?.verificationStatus === 'approved',
      5000,
      `${name} hearing of the approval`,
    );
  }
  return member;
}

async function post(browser: Browser, fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'trending', ...fields })) form.append(name, value);
  const created = await browser.postForm('/api/posts', form);
  expect(created.status).toBe(201);
  return ((await json(created)).item as { post: { id: string } }).post.id;
}

/** A socket of the browser's member, and every push it hears. */
async function listen(browser: Browser) {
  const socket = connect(stack.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: browser.cookieHeader() },
  });
  sockets.push(socket);
  const heard: { type: string }[] = [];
  socket.onAny((_name: string, event: { type: string }) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const of = (type: string) => heard.filter((event) => event.type === type) as Record<string, unknown>[];
  return { heard, of };
}

const text = async (response: Response) => {
  expect(response.status).toBeLessThan(300);
  return response.text();
};

describe('an anonymous post', () => {
  it('carries no author id in the feeds, the post, its comments or the pushes, but for its author and admins', async () => {
    const author = await approvedMember('ap_autrice');
    const reader = await approvedMember('ap_lettore');
    const readers = await listen(reader.browser);
    const postId = await post(author.browser, { content: 'chi sono?', showProfileData: 'false' });
    expect((await reader.browser.postJson(`/api/posts/${postId}/comments`, { content: 'dimmelo' })).status).toBe(201);
    expect((await author.browser.postJson(`/api/posts/${postId}/comments`, { content: 'mai' })).status).toBe(201);

    const paths = [
      '/api/posts/feed',
      '/api/feed',
      '/api/posts/category/trending',
      `/api/posts/${postId}`,
      `/api/posts/${postId}/comments`,
    ];
    for (const path of paths) expect(await text(await reader.browser.get(path))).not.toContain(author.id);
    const item = await json(await reader.browser.get(`/api/posts/${postId}`));
    expect(item).toMatchObject({ post: { id: postId, authorId: null }, author: null });
    const comments = (await json(await reader.browser.get(`/api/posts/${postId}/comments`))) as unknown as {
      author: { id: string } | null;
      byPostAuthor: boolean;
    }[];
    expect(comments.map((comment) => [comment.author?.id ?? null, comment.byPostAuthor])).toEqual([
      [reader.id, false],
      [null, true],
    ]);
    // The post, then its comments (within a second of it, they come together).
    await waitFor(() => readers.of('feed_updated').length >= 2, 5000, 'the feed pushes');
    expect(JSON.stringify(readers.heard)).not.toContain(author.id);

    for (const viewer of [author.browser, admin.browser]) {
      expect(await json(await viewer.get(`/api/posts/${postId}`))).toMatchObject({ post: { authorId: author.id } });
    }
  });

  it('is contacted through the post: the author hears who wrote and may answer, the member never learns who', async () => {
    const author = await approvedMember('ap_scrittrice', 10);
    const member = await approvedMember('ap_curioso', 10);
    const authors = await listen(author.browser);
    const members = await listen(member.browser);
    const postId = await post(author.browser, { content: 'scrivimi', showProfileData: 'false' });

    const sent = await member.browser.postJson('/api/messages', { postId, content: 'Ciao autrice!' });
    expect(sent.status).toBe(201);
    const sentBody = await sent.text();
    expect(sentBody).not.toContain(author.id);
    expect(JSON.parse(sentBody)).toMatchObject({
      message: { senderId: member.id, recipientId: null, postId, content: 'Ciao autrice!' },
      credits: 8,
    });

    await waitFor(() => authors.of('message_received').length === 1, 5000, 'the push to the author');
    expect(authors.of('message_received')[0]).toMatchObject({
      message: { senderId: member.id, recipientId: author.id, postId },
      conversationWith: member.id,
      postId,
    });
    expect(await json(await author.browser.get('/api/messages/conversations'))).toEqual([
      expect.objectContaining({
        otherUserId: member.id,
        otherUser: expect.objectContaining({ username: 'ap_curioso' }),
        postId,
        unreadCount: 1,
      }),
    ]);
    const authorThread = (await json(
      await author.browser.get(`/api/messages/post/${postId}?with=${member.id}`),
    )) as unknown as { message: { content: string }; sender: { id: string } }[];
    expect(authorThread.map((item) => [item.sender.id, item.message.content])).toEqual([[member.id, 'Ciao autrice!']]);

    const answer = await author.browser.postJson('/api/messages', {
      postId,
      recipientId: member.id,
      content: 'Ciao, chi sei?',
    });
    expect(answer.status).toBe(201);
    await waitFor(() => members.of('message_received').length === 2, 5000, 'the answer pushed to the member');
    expect(members.of('message_received')[1]).toMatchObject({
      message: { senderId: null, recipientId: member.id, content: 'Ciao, chi sei?', postId },
      conversationWith: null,
      postId,
    });

    const conversations = await text(await member.browser.get('/api/messages/conversations'));
    expect(JSON.parse(conversations)).toEqual([
      {
        otherUserId: null,
        otherUser: null,
        postId,
        lastMessage: expect.objectContaining({ content: 'Ciao, chi sei?' }),
        unreadCount: 1,
      },
    ]);
    const thread = (await json(await member.browser.get(`/api/messages/post/${postId}`))) as unknown as {
      sender: { id: string | null };
      message: { content: string };
    }[];
    expect(thread.map((item) => [item.sender.id, item.message.content])).toEqual([
      [null, 'Ciao, chi sei?'],
      [member.id, 'Ciao autrice!'],
    ]);

    // Read marks both ways: the author is told who read, the member only that the post's author did.
    const read = await member.browser.postJson('/api/messages/mark-read', { postId, recipientId: member.id });
    expect(await json(read)).toMatchObject({ success: true, marked: 1 });
    const readBack = await author.browser.postJson('/api/messages/mark-read', {
      postId,
      senderId: member.id,
      recipientId: author.id,
    });
    expect(await json(readBack)).toMatchObject({ success: true, marked: 1 });
    await waitFor(() => authors.of('messages_read').length === 1, 5000, 'the member’s read mark');
    await waitFor(() => members.of('messages_read').length === 1, 5000, 'the author’s read mark');
    expect(authors.of('messages_read')[0]).toMatchObject({ readerId: member.id, postId });
    expect(members.of('messages_read')[0]).toMatchObject({ readerId: null, postId });
    expect(await json(await member.browser.get('/api/messages/unread-count'))).toEqual({ count: 0 });

    expect(conversations + JSON.stringify(thread) + JSON.stringify(members.heard)).not.toContain(author.id);
    expect(await stack.wallet.Balance({ userId: author.id })).toMatchObject({ balance: 8 });
  });

  it('refuses what a post does not allow, with the usual texts', async () => {
    const author = await approvedMember('ap_riservata', 10);
    const member = await approvedMember('ap_insistente', 10);
    const stranger = await approvedMember('ap_estraneo', 10);
    const postId = await post(author.browser, { content: 'anonimo', showProfileData: 'false' });

    // The author answers only whoever wrote first.
    const unasked = await author.browser.postJson('/api/messages', {
      postId,
      recipientId: stranger.id,
      content: 'hey',
    });
    expect(unasked.status).toBe(404);
    expect(await json(unasked)).toEqual({ message: 'Utente non disponibile.' });
    expect((await author.browser.postJson('/api/messages', { postId, content: 'a me?' })).status).toBe(400);
    const nowhere = await member.browser.postJson('/api/messages', { content: 'a chi?' });
    expect(nowhere.status).toBe(400);
    const noPost = await member.browser.postJson('/api/messages', { postId: 'no-such-post', content: 'ciao' });
    expect(noPost.status).toBe(404);
    // Once the author blocked the member, the post is gone for them, and so is the way to its author.
    await author.browser.postJson(`/api/users/${member.id}/block`, { reason: 'spam' });
    const blocked = await member.browser.postJson('/api/messages', { postId, content: 'ci sei?' });
    expect(blocked.status).toBe(404);
    expect(await blocked.text()).not.toContain(author.id);
    expect(await stack.wallet.Balance({ userId: member.id })).toMatchObject({ balance: 10 });
  });

  it('is not needed for a post that shows its author: the message goes to them as to any member', async () => {
    const author = await approvedMember('ap_visibile', 10);
    const member = await approvedMember('ap_lettrice', 10);
    const postId = await post(author.browser, { content: 'eccomi' });
    const sent = await member.browser.postJson('/api/messages', { postId, content: 'ciao' });
    expect(await json(sent)).toMatchObject({ message: { recipientId: author.id, postId: null } });
    expect(await json(await member.browser.get('/api/messages/conversations'))).toEqual([
      expect.objectContaining({ otherUserId: author.id, postId: null }),
    ]);
  });
});
