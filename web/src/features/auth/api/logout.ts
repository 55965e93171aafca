import { unsubscribeThisDevice } from '@/features/notifications';
import { clearClientStorage, clearUserIdCookie } from '@/lib/client-session';

/**
 * Full navigation: the server ends the session and redirects home. The language choice survives. First this device's
 * Web Push subscription ends, while the session can still tell the server which endpoint to forget; signing out goes
 * on whatever that answers.
 */
export function logout() {
  void unsubscribeThisDevice()
    .catch((error: unknown) => console.warn('Ending the Web Push subscription failed', error))
    .then(() => {
      clearClientStorage();
      clearUserIdCookie();
      window.location.assign('/api/logout');
    });
}
