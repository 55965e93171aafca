import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/api/client';
import { notificationListKey, notificationsUnreadKey } from './keys';
import type { NotificationPage, NotificationsRead } from './types';

/** Which to read: some by id, or all of them. */
export type ReadWhich = { ids: string[] } | { all: true };

export const markNotificationsRead = (which: ReadWhich) =>
  api<NotificationsRead>('/api/notifications/read', { method: 'POST', body: which });

/** Marks read; the list shows them read and the bell the count the server answers, without waiting for the push. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, which) => {
      queryClient.setQueryData(notificationsUnreadKey, { count: answer.unreadCount });
      const read = 'all' in which ? () => true : (id: string) => which.ids.includes(id);
      queryClient.setQueryData<InfiniteData<NotificationPage, string | null>>(notificationListKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notifications: page.notifications.map((entry) => (read(entry.id) ? { ...entry, read: true } : entry)),
              })),
            }
          : data,
      );
    },
  });
}
