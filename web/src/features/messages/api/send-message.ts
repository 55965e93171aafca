import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { storeCurrentUserCredits } from '@/api/current-user';
import { threadKey } from './keys';
import { noteConversationMessage, putThreadItem, removeThreadItem, toThreadItem } from './messages-cache';
import { chatKey, type Chat, type SendResult } from './types';

/** `id` is made by the client, so that a retried send is stored (and charged) once. */
export type OutgoingMessage = { id: string; chat: Chat; content: string };

/**
 * Sends a message to the member of `chat`, or through its anonymous post (the server finds the post's author; the
 * author names the member they answer). Refusals are ApiErrors with the server's message: 402 too few credits, 403 not
 * approved, 400 oneself or bad content, 404 recipient (or post) gone or blocked.
 */
export const sendMessage = ({ id, chat, content }: OutgoingMessage) =>
  api<SendResult>('/api/messages', {
    method: 'POST',
    // Its id makes it one message however often it is sent: the client sends it again when the server is busy.
    idempotent: true,
    body: {
      id,
      content,
      ...(chat.userId && { recipientId: chat.userId }),
      ...(chat.postId && { postId: chat.postId }),
    },
  });

/** A fresh message id (a v4 UUID; crypto.randomUUID exists only on secure origins). */
export function newMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The message shows in the thread at once (pending) and leaves it again when the server refuses it; once stored it
 * takes the server's copy, the balance its new value, and the conversation list the new last message.
 */
export function useSendMessage(
  senderId: string,
  options: { onSuccess?: (answer: SendResult) => void; onError?: (error: Error, message: OutgoingMessage) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: async (message) => {
      const key = threadKey(chatKey(message.chat));
      // A thread still loading is left to load (cancelling its first fetch would leave it loading for good); the
      // stored message reaches it on success.
      if (!queryClient.getQueryData(key)) return;
      // A refetch under way would overwrite the pending copy.
      await queryClient.cancelQueries({ queryKey: key });
      putThreadItem(queryClient, chatKey(message.chat), {
        message: { id: message.id, content: message.content, createdAt: new Date().toISOString(), readAt: null },
        sender: { id: senderId },
        pending: true,
      });
    },
    onError: (error, message) => {
      removeThreadItem(queryClient, chatKey(message.chat), message.id);
      options.onError?.(error, message);
    },
    onSuccess: (answer, message) => {
      const key = threadKey(chatKey(message.chat));
      // Its fetch may have left before the message was stored: it is asked again.
      if (!queryClient.getQueryData(key)) void queryClient.invalidateQueries({ queryKey: key });
      putThreadItem(queryClient, chatKey(message.chat), toThreadItem(answer.message));
      noteConversationMessage(queryClient, chatKey(message.chat), answer.message, { unread: false });
      storeCurrentUserCredits(queryClient, answer.credits);
      options.onSuccess?.(answer);
    },
  });
}
