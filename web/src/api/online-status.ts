import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/api/client';

const PATH = '/api/users/online-status';

export const setOnlineStatus = (isOnline: boolean) => api<unknown>(PATH, { method: 'PATCH', body: { isOnline } });

export function useSetOnlineStatus() {
  return useMutation({ mutationFn: setOnlineStatus });
}

/** While mounted, closing or leaving the page reports the user offline with a beacon (fetch may be cut off then). */
export function useOfflineBeacon() {
  useEffect(() => {
    const sendOffline = () => {
      const body = new Blob([JSON.stringify({ isOnline: false })], { type: 'application/json' });
      navigator.sendBeacon(PATH, body);
    };
    window.addEventListener('pagehide', sendOffline);
    return () => window.removeEventListener('pagehide', sendOffline);
  }, []);
}
