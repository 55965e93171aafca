import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { notificationPreferencesKey } from './keys';
import type { NotificationPreferences } from './types';

export const getNotificationPreferences = (signal?: AbortSignal) =>
  api<NotificationPreferences>('/api/notifications/preferences', { signal });

export const saveNotificationPreferences = (preferences: NotificationPreferences) =>
  api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: preferences });

// Nothing but the member's own save changes them: no polling, no refetch when the window regains focus.
const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });

/** What the member is told about, where, and when not (the settings' notifications section). */
export function useNotificationPreferences() {
  return useQuery(preferencesQueryOptions());
}

/** Saves the whole object; the cache then holds what the server kept. */
export function useSaveNotificationPreferences(options: {
  onSuccess: (saved: NotificationPreferences) => Promise<void> | void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationPreferencesKey, saved);
      await options.onSuccess(saved);
    },
    onError: options.onError,
  });
}
