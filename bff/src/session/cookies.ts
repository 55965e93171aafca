import { stringifySetCookie } from 'cookie';

/**
 * One cookie's value from a Cookie header, without parsing the others (the session check runs on every request).
 * Returns undefined when absent or empty.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    const before = at === 0 ? ';' : header[at - 1];
    if ((before === ';' || before === ' ') && header[at + name.length] === '=') {
      const start = at + name.length + 1;
      const end = header.indexOf(';', start);
      const value = header.slice(start, end === -1 ? undefined : end).trim();
      return value === '' ? undefined : value;
    }
    from = at + name.length;
  }
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
