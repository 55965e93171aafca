import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionResult, SessionList, SessionsEnded } from '@tip/bff/contract';
import { api } from '@/api/client';

export const sessionsKey = ['auth', 'sessions'] as const;

/** Where the member is signed in (GET /api/auth/sessions), this browser's marked `current`. */
export const getSessions = (signal?: AbortSignal) => api<SessionList>('/api/auth/sessions', { signal });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export const endSession = (id: string) =>
  api<ActionResult>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () => api<SessionsEnded>('/api/auth/sessions/end-others', { method: 'POST' });

/** Ends one session or every other one; the list is asked again either way. */
export function useEndSessions(options: { onSuccess: (message: string) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const handlers = {
    onSuccess: (answer: { message?: string }) => options.onSuccess(answer.message ?? ''),
    onError: options.onError,
    onSettled: settled,
  };
  return {
    one: useMutation({ mutationFn: endSession, ...handlers }),
    others: useMutation({ mutationFn: endOtherSessions, ...handlers }),
  };
}
