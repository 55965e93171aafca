import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { conversationsKey } from '@/api/messages/keys';
import type { Conversation } from '@/api/messages/types';
import { isRealtimeConnected } from '@/realtime/socket';

/** Spec: the list is polled every 2 s; here only while the realtime connection is down (pushes keep it fresh). */
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

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
