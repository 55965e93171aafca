import { clearClientStorage, clearUserIdCookie } from '@/lib/client-session';

/** Full navigation: the server ends the session and redirects home. The language choice survives. */
export function logout() {
  clearClientStorage();
  clearUserIdCookie();
  window.location.assign('/api/logout');
}
