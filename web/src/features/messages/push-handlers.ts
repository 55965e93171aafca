import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '@/api/query-keys';
import type { PushHandlers } from '@/realtime/push';
import { messagesKey, unreadCountKey } from './api/keys';
import {
  forgetDeletedMember,
  markThreadRead,
  noteConversationMessage,
  putThreadItem,
  toThreadItem,
} from './api/messages-cache';
import { chatKey, type Message } from './api/types';
import { notifyTyping } from './hooks/use-typing';

const signedInId = (queryClient: QueryClient) => queryClient.getQueryData<{ id: string } | null>(currentUserKey)?.id;

const isStringOrNull = (value: unknown) => typeof value === 'string' || value === null;

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    ['id', 'content', 'createdAt'].every((field) => typeof message[field] === 'string') &&
    ['senderId', 'recipientId'].every((field) => isStringOrNull(message[field]))
  );
}

/**
 * The conversation a push is about: `userId` the other member, null for the unnamed author of the anonymous post
 * `postId` (absent: between two members).
 */
function chatKeyOf(userId: unknown, postId: unknown): string | null {
  const chat = {
    userId: typeof userId === 'string' ? userId : null,
    postId: typeof postId === 'string' ? postId : null,
  };
  return chat.userId || chat.postId ? chatKey(chat) : null;
}

export const pushHandlers: PushHandlers = {
  events: {
    // A message to the member, or one they sent from another tab: the thread and the list show it at once.
    message_received: {
      apply: (queryClient, event) => {
        const { message } = event;
        const key = chatKeyOf(event.conversationWith, event.postId);
        if (!isMessage(message) || key === null) return;
        putThreadItem(queryClient, key, toThreadItem(message));
        const incoming = message.recipientId === signedInId(queryClient) && message.senderId !== message.recipientId;
        noteConversationMessage(queryClient, key, message, { unread: incoming });
        if (incoming) {
          void queryClient.invalidateQueries({ queryKey: unreadCountKey });
          if (message.senderId) notifyTyping(message.senderId, false);
        }
      },
    },
    // The other member opened the conversation: the member's own messages to them show read.
    messages_read: {
      apply: (queryClient, event) => {
        const me = signedInId(queryClient);
        const key = chatKeyOf(event.readerId, event.postId);
        if (key === null || typeof event.readAt !== 'string' || !me) return;
        markThreadRead(queryClient, key, me, event.readAt);
      },
    },
    typing: {
      apply: (_queryClient, event) => {
        if (typeof event.fromUserId === 'string') notifyTyping(event.fromUserId, true);
      },
    },
    // A member this page shows deleted their account: the messages they wrote leave the conversation.
    member_deleted: {
      apply: (queryClient, event) => {
        if (typeof event.userId === 'string') forgetDeletedMember(queryClient, event.userId);
      },
    },
    // The member blocked someone or was blocked (or a block was lifted): the conversation between them leaves both
    // lists, with its unread count, or comes back; the server answered the block once messaging enforces it.
    blocks_updated: { invalidates: [messagesKey] },
  },
  // The conversations, the unread count and the open thread are polled while the socket is down.
  onDisconnect: [messagesKey],
};
