import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { isRealtimeConnected } from '@/realtime/socket';

// Defaults: stale 1 s, one retry, mutations never retried, a 5 s refresh. Pushed events invalidate queries,
// so the 5 s polling only runs as a fallback while the socket is down.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 1_000,
      refetchOnWindowFocus: true,
      refetchInterval: () => (isRealtimeConnected() ? false : 5_000),
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    },
    mutations: { retry: false },
  },
});
