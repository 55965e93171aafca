const KEPT_KEYS = ['language'];

/** Full navigation: the server ends the session and redirects home. The language choice survives. */
export function logout() {
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  document.cookie = 'authUserId=; Max-Age=0; path=/';
  window.location.assign('/api/logout');
}
