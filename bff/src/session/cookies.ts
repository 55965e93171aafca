import { parseCookie, stringifySetCookie } from 'cookie';

/** One cookie's value from a Cookie header (the first of that name); undefined when absent or empty. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[name] || undefined;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  maxAgeSeconds: number;
  path?: string;
}

/** A Set-Cookie header value; SameSite=Lax always (the callbacks from Google are top-level GET navigations). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie(name, value, {
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: 'lax',
    path: options.path ?? '/',
    maxAge: options.maxAgeSeconds,
  });
}

export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): string {
  return setCookie(name, '', { ...options, maxAgeSeconds: 0 });
}
