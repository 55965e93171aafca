import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime } from '@/realtime/socket';

/** Keeps the realtime connection open while a signed-in user is known. */
export function useRealtime(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return connectRealtime(queryClient);
  }, [userId, queryClient]);
}
