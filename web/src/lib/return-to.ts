/** The checkout's parameter naming the page to go back to once a purchase is settled. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * Where checkout may send a member back to: a path of this site (never another origin, nor checkout itself), or null.
 * Anyone can make a checkout link, so what it names is checked before a member who has just paid follows it.
 */
export function safeReturnPath(value: string | null, origin: string): string | null {
  // '//host' and '/\host' are read by browsers as another site.
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/checkout') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The checkout that brings the member back to `returnTo` (the page they are on) after a purchase. */
export const checkoutAddress = (returnTo: string) =>
  `/checkout?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}`;

/** The completion screen, which moves on to `returnTo` when there is one (a payment back from a bank's page). */
export const successAddress = (returnTo: string | null) =>
  `/checkout?${new URLSearchParams({ success: 'true', ...(returnTo && { [RETURN_TO_PARAM]: returnTo }) }).toString()}`;
