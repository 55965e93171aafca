import { isRealtimeConnected, useSocketStatus } from '@/realtime/socket';

/**
 * The console's data queries: no refetch on focus, 5 s staleness, no retry. Pushes keep them fresh
 * (see the console's push handlers, push-handlers.ts).
 */
export const adminQueryDefaults = { staleTime: 5_000, refetchOnWindowFocus: false, retry: false } as const;

/**
 * A `refetchInterval` that polls every `ms` only while the realtime connection is down. The hook re-renders on every
 * change of the connection, so a query starts (or stops) polling the moment the socket drops (or comes back), not
 * only after its next fetch.
 */
export function useFallbackPolling(ms: number) {
  useSocketStatus();
  return () => (isRealtimeConnected() ? false : ms);
}
