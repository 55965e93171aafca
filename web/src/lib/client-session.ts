/**
 * What the browser keeps about a session besides the httpOnly session cookie: the readable `authUserId` cookie
 * (for the client's sake only; the server never trusts it) and local and session storage.
 */
export const USER_ID_COOKIE = 'authUserId';
const USER_ID_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Survives a logout or a cleanup: the language is the visitor's choice, not the session's. */
const KEPT_KEYS = ['language'];
/** Ids that old demo and Google quick-login sessions left in the cookie; no real account has one. */
const DEMO_PREFIXES = ['demo_user', 'google_user'];

/** The `authUserId` value in a `document.cookie` string, or null. */
export function readUserIdCookie(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== USER_ID_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (!value) return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export const isDemoUserId = (userId: string | null) =>
  userId !== null && DEMO_PREFIXES.some((prefix) => userId.startsWith(prefix));

/** Sets the cookie for a signed-in user when it is missing (for instance after the browser dropped it). */
export function ensureUserIdCookie(userId: string) {
  if (readUserIdCookie(document.cookie) !== null) return;
  document.cookie = `${USER_ID_COOKIE}=${encodeURIComponent(userId)}; Max-Age=${USER_ID_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

export function clearUserIdCookie() {
  document.cookie = `${USER_ID_COOKIE}=; Max-Age=0; path=/`;
}

/** Empties local and session storage, keeping the language choice. */
export function clearClientStorage() {
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
