import { describe, expect, it } from '@jest/globals';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CursorPage } from '@/api/types';
import { conversationsKey, threadKey, unreadCountKey } from './keys';
import {
  forgetDeletedMember,
  markThreadRead,
  noteConversationMessage,
  putThreadItem,
  removeThreadItem,
} from './messages-cache';
import { chatKey, type Conversation, type ThreadItem } from './types';

const item = (id: string, senderId: string | null, readAt: string | null = null): ThreadItem => ({
  message: { id, content: `text ${id}`, createdAt: '2026-01-01T10:00:00.000Z', readAt },
  sender: { id: senderId },
});

function withThread(items: ThreadItem[][], key = 'bob') {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<CursorPage<ThreadItem>, string | null>>(threadKey(key), {
    pages: items.map((page, index) => ({ items: page, nextCursor: index < items.length - 1 ? `c${index}` : null })),
    pageParams: items.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
  });
  const ids = () =>
    queryClient
      .getQueryData<InfiniteData<CursorPage<ThreadItem>, string | null>>(threadKey(key))
      ?.pages.map((page) => page.items.map((each) => each.message.id));
  return { queryClient, ids };
}

describe('thread cache', () => {
  it('puts a new message at the newest end, and replaces one it already shows (same client id)', () => {
    const { queryClient, ids } = withThread([[item('m2', 'bob')], [item('m1', 'me')]]);
    putThreadItem(queryClient, 'bob', { ...item('m3', 'me'), pending: true });
    expect(ids()).toEqual([['m3', 'm2'], ['m1']]);
    putThreadItem(queryClient, 'bob', item('m3', 'me'));
    expect(ids()).toEqual([['m3', 'm2'], ['m1']]);
    const data = queryClient.getQueryData<InfiniteData<CursorPage<ThreadItem>, string | null>>(threadKey('bob'));
    expect(data?.pages[0]?.items[0]?.pending).toBeUndefined();
  });

  it('leaves a thread it never loaded unloaded', () => {
    const queryClient = new QueryClient();
    putThreadItem(queryClient, 'carol', item('x', 'carol'));
    expect(queryClient.getQueryData(threadKey('carol'))).toBeUndefined();
  });

  it('removes a refused message', () => {
    const { queryClient, ids } = withThread([[item('m2', 'me'), item('m1', 'bob')]]);
    removeThreadItem(queryClient, 'bob', 'm2');
    expect(ids()).toEqual([['m1']]);
  });

  it("marks only the sender's unread messages read", () => {
    const { queryClient } = withThread([[item('m3', 'me'), item('m2', 'bob'), item('m1', 'me', 'earlier')]]);
    markThreadRead(queryClient, 'bob', 'me', 'now');
    const data = queryClient.getQueryData<InfiniteData<CursorPage<ThreadItem>, string | null>>(threadKey('bob'));
    expect(data?.pages[0]?.items.map((each) => each.message.readAt)).toEqual(['now', null, 'earlier']);
  });

  it("marks the unnamed author's messages read in a conversation through an anonymous post", () => {
    const key = chatKey({ userId: null, postId: 'p1' });
    const { queryClient } = withThread([[item('m2', null), item('m1', 'me')]], key);
    markThreadRead(queryClient, key, null, 'now');
    const data = queryClient.getQueryData<InfiniteData<CursorPage<ThreadItem>, string | null>>(threadKey(key));
    expect(data?.pages[0]?.items.map((each) => each.message.readAt)).toEqual(['now', null]);
  });
});

describe('conversation list cache', () => {
  const row = (otherUserId: string, unreadCount = 0): Conversation => ({
    otherUserId,
    otherUser: { username: otherUserId, profileImageUrl: null, verificationStatus: 'approved' },
    lastMessage: { content: 'old', createdAt: '2026-01-01T09:00:00.000Z' },
    unreadCount,
    postId: null,
  });

  it('moves the conversation to the top with its last message, counting an incoming one unread', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationsKey, [row('alice'), row('bob', 1)]);
    noteConversationMessage(queryClient, 'bob', { content: 'new', createdAt: 'now' }, { unread: true });
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey);
    expect(list?.map((each) => [each.otherUserId, each.lastMessage?.content, each.unreadCount])).toEqual([
      ['bob', 'new', 2],
      ['alice', 'old', 0],
    ]);
  });

  it('keeps a conversation through an anonymous post apart from the one with the same member', () => {
    const queryClient = new QueryClient();
    const throughPost: Conversation = { ...row('bob'), postId: 'p1' };
    const toAuthor: Conversation = { ...row('x'), otherUserId: null, otherUser: null, postId: 'p2' };
    queryClient.setQueryData(conversationsKey, [row('bob'), throughPost, toAuthor]);
    noteConversationMessage(
      queryClient,
      chatKey({ userId: 'bob', postId: 'p1' }),
      { content: 'via post', createdAt: 'now' },
      {
        unread: true,
      },
    );
    noteConversationMessage(
      queryClient,
      chatKey({ userId: null, postId: 'p2' }),
      { content: 'risposta', createdAt: 'now' },
      {
        unread: true,
      },
    );
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey);
    expect(list?.map((each) => [each.otherUserId, each.postId, each.lastMessage?.content, each.unreadCount])).toEqual([
      [null, 'p2', 'risposta', 1],
      ['bob', 'p1', 'via post', 1],
      ['bob', null, 'old', 0],
    ]);
  });

  it("turns a deleted member's conversation to 'Utente eliminato': their messages and unread count go", () => {
    const { queryClient, ids } = withThread([[item('m3', 'bob'), item('m2', 'me'), item('m1', 'bob')]]);
    queryClient.setQueryData(conversationsKey, [row('bob', 2), row('alice', 1)]);
    queryClient.setQueryData(unreadCountKey, { count: 3 });
    forgetDeletedMember(queryClient, 'bob');
    expect(ids()).toEqual([['m2']]);
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey);
    expect(list?.[0]).toEqual({
      otherUserId: 'bob',
      otherUser: null,
      lastMessage: { content: 'text m2', createdAt: '2026-01-01T10:00:00.000Z' },
      unreadCount: 0,
      postId: null,
    });
    expect(list?.[1]).toEqual(row('alice', 1));
    expect(queryClient.getQueryData(unreadCountKey)).toEqual({ count: 1 });
  });
});
