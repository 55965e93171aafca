import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/api/client';
import { isRealtimeConnected, useSocketStatus } from '@/realtime/socket';
import { startExtraConversationsRefresh } from './extra-refresh';
import { conversationsKey } from './keys';
import type { Conversation } from './types';

/** The list is polled every 2 s only while the realtime connection is down (pushes keep it fresh otherwise). */
const POLL_MS = 2_000;

/** The member's conversations, most recent first. */
export const getConversations = (signal?: AbortSignal) =>
  api<Conversation[]>('/api/messages/conversations', { signal });

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => getConversations(signal),
    refetchInterval: () => (isRealtimeConnected() ? false : POLL_MS),
  });

/** The list, polled every 2 s plus the extra 5 s refresh while the socket is down; nothing while it is up. */
export function useConversations() {
  const queryClient = useQueryClient();
  // Re-rendered on every change of the connection, so the extra refresh starts and stops with it.
  useSocketStatus();
  const down = !isRealtimeConnected();
  useEffect(() => (down ? startExtraConversationsRefresh(queryClient) : undefined), [down, queryClient]);
  return useQuery(conversationsQueryOptions());
}
