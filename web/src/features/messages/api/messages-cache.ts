import type { InfiniteData, QueryClient } from '@tanstack/react-query';
// Relative: the unit test runs it under jest, which knows no '@/' alias.
import type { CursorPage } from '@/api/types';
import { conversationsKey, threadKey, unreadCountKey } from './keys';
import { chatKey, chatOf, type Conversation, type Message, type ThreadItem } from './types';

type ThreadData = InfiniteData<CursorPage<ThreadItem>, string | null>;

const mapItems = (data: ThreadData | undefined, map: (items: ThreadItem[], index: number) => ThreadItem[]) =>
  data && { ...data, pages: data.pages.map((page, index) => ({ ...page, items: map(page.items, index) })) };

export const toThreadItem = (message: Message): ThreadItem => ({
  message: { id: message.id, content: message.content, createdAt: message.createdAt, readAt: message.readAt },
  sender: { id: message.senderId },
});

/** The row of the conversation `key` (chatKey) names. */
const isRowOf = (key: string) => (row: Conversation) => chatKey(chatOf(row)) === key;

/**
 * Puts `item` at the newest end of the cached thread of the conversation `key` (chatKey), or replaces the item of the
 * same id (the client makes a message's id, so the optimistic copy and the stored one share it). A thread never loaded
 * stays unloaded: it is fetched whole when opened.
 */
export function putThreadItem(queryClient: QueryClient, key: string, item: ThreadItem) {
  queryClient.setQueryData<ThreadData>(threadKey(key), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.items.some((each) => each.message.id === item.message.id));
    return mapItems(data, (items, index) => {
      if (known) return items.map((each) => (each.message.id === item.message.id ? item : each));
      return index === 0 ? [item, ...items] : items;
    });
  });
}

/** Takes the message `messageId` out of the cached thread (an optimistic send the server refused). */
export function removeThreadItem(queryClient: QueryClient, key: string, messageId: string) {
  queryClient.setQueryData<ThreadData>(threadKey(key), (data) =>
    mapItems(data, (items) => items.filter((item) => item.message.id !== messageId)),
  );
}

/**
 * In the conversation `key`, what `senderId` sent was read: every such unread message of the thread gets `readAt`
 * (a null sender: the unnamed author of an anonymous post).
 */
export function markThreadRead(queryClient: QueryClient, key: string, senderId: string | null, readAt: string) {
  queryClient.setQueryData<ThreadData>(threadKey(key), (data) =>
    mapItems(data, (items) =>
      items.map((item) =>
        item.sender.id === senderId && !item.message.readAt ? { ...item, message: { ...item.message, readAt } } : item,
      ),
    ),
  );
}

/** The conversation `key` has nothing unread any more; the total badge is asked again. */
export function clearConversationUnread(queryClient: QueryClient, key: string) {
  queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
    list?.map((row) => (isRowOf(key)(row) ? { ...row, unreadCount: 0 } : row)),
  );
  void queryClient.invalidateQueries({ queryKey: unreadCountKey });
}

/**
 * A message was sent or received in the conversation `key`: the list shows it as the last message and moves the row
 * to the top when the row is there; otherwise (a first message) the list is asked again.
 */
export function noteConversationMessage(
  queryClient: QueryClient,
  key: string,
  message: Pick<Message, 'content' | 'createdAt'>,
  { unread }: { unread: boolean },
) {
  const list = queryClient.getQueryData<Conversation[]>(conversationsKey);
  const row = list?.find(isRowOf(key));
  if (!list || !row) {
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
    return;
  }
  const updated: Conversation = {
    ...row,
    lastMessage: { content: message.content, createdAt: message.createdAt },
    unreadCount: row.unreadCount + (unread ? 1 : 0),
  };
  queryClient.setQueryData<Conversation[]>(conversationsKey, [updated, ...list.filter((each) => each !== row)]);
}

/**
 * `userId` deleted their account: messaging erases what they wrote, and their conversation shows 'Utente eliminato'.
 * Applied to the cache rather than asked again, since messaging may not have heard of the deletion yet: the thread
 * loses their messages, the row its member (and its unread count, which were theirs), the total badge as many.
 */
export function forgetDeletedMember(queryClient: QueryClient, userId: string) {
  const thread = queryClient.setQueryData<ThreadData>(threadKey(userId), (data) =>
    mapItems(data, (items) => items.filter((item) => item.sender.id !== userId)),
  );
  const newest = thread?.pages.flatMap((page) => page.items)[0]?.message;
  const row = queryClient.getQueryData<Conversation[]>(conversationsKey)?.find(isRowOf(userId));
  if (!row) return;
  queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
    list?.map((each) =>
      each === row
        ? {
            ...row,
            otherUser: null,
            unreadCount: 0,
            lastMessage: !thread
              ? row.lastMessage
              : newest
                ? { content: newest.content, createdAt: newest.createdAt }
                : null,
          }
        : each,
    ),
  );
  queryClient.setQueryData<{ count: number }>(
    unreadCountKey,
    (answer) => answer && { count: Math.max(0, answer.count - row.unreadCount) },
  );
}
