import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { clearConversationUnread, markThreadRead } from '@/api/messages/messages-cache';

/** The member (`recipientId`) has read what `senderId` sent them. */
export const markRead = (body: { senderId: string; recipientId: string }) =>
  api<{ success: true }>('/api/messages/mark-read', { method: 'POST', body });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The thread with the sender shows their messages read; their row and the badges nothing unread.
    onSuccess: (_answer, { senderId }) => {
      markThreadRead(queryClient, senderId, senderId, new Date().toISOString());
      clearConversationUnread(queryClient, senderId);
    },
  });
}
