import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { clearConversationUnread, markThreadRead } from './messages-cache';
import { chatKey, type Chat, type MarkReadResult } from './types';

/**
 * The member (`recipientId`) has read what the other side of `chat` sent them: the member named, or through an
 * anonymous post its unnamed author (the body names the post, and no sender).
 */
export const markRead = ({ chat, recipientId }: { chat: Chat; recipientId: string }) =>
  api<MarkReadResult>('/api/messages/mark-read', {
    method: 'POST',
    body: {
      recipientId,
      ...(chat.userId && { senderId: chat.userId }),
      ...(chat.postId && { postId: chat.postId }),
    },
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The thread shows the other side's messages read; their row and the badges nothing unread.
    onSuccess: (_answer, { chat }) => {
      markThreadRead(queryClient, chatKey(chat), chat.userId, new Date().toISOString());
      clearConversationUnread(queryClient, chatKey(chat));
    },
  });
}
