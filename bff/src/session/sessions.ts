import { DomainError, type Cache } from '@tip/platform';
import type { IdentityUserOutput } from '@tip/identity/contract';
import { clearCookie, readCookie, setCookie } from './cookies.js';
import { SESSION_MAX_AGE_SECONDS, type SessionClaims, type SessionTokens } from './session-tokens.js';
import type { UserCache } from './user-cache.js';

export const SESSION_COOKIE = 'tip_session';
/** Readable by the client, for its own sake only: the server never reads it. */
export const USER_ID_COOKIE = 'authUserId';

/**
 * What a cookie's Secure flag depends on besides PUBLIC_URL: whether the request came over https as Express sees it
 * (directly, or through a proxy TRUST_PROXY trusts, by its X-Forwarded-Proto). An Express request is one.
 */
export interface CookieRequest {
  secure: boolean;
}

export interface Session {
  token: string;
  claims: SessionClaims;
  user: IdentityUserOutput;
}

const revokedKey = (sid: string) => `session:revoked:${sid}`;

/** Whom a session is started for: the member and their session generation now. */
export type SessionHolder = Pick<IdentityUserOutput, 'id' | 'sessionGeneration'>;

/**
 * The session check and the session's life: a signed token in an httpOnly cookie, revocation recorded in the cache
 * port (so every BFF replica refuses a logged-out token), the user from the in-memory user cache. Cookies are Secure
 * when PUBLIC_URL is https (`alwaysSecure`) and whenever the request itself is, so that a deployment behind an https
 * proxy that left PUBLIC_URL unset or http still keeps its session off plain http.
 */
export class Sessions {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly cache: Cache,
    private readonly users: UserCache,
    private readonly alwaysSecure: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session a request's Cookie header carries, or null for a visitor. */
  async authenticate(cookieHeader: string | undefined): Promise<Session | null> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    if (await this.isRevoked(claims.sid)) return null;
    const user = await this.users.get(claims.sub);
    // A password reset since it was issued ended it: the user cache learns the new generation from identity's event.
    if (!user || claims.gen < user.sessionGeneration) return null;
    return { token, claims, user };
  }

  /**
   * The member a Cookie header's session token names, checked for its signature and expiry but not for a logout
   * (that takes the cache): only for what a logged-out token can do no harm with, such as making its member's feed
   * pages stale.
   */
  async signedInAs(cookieHeader: string | undefined): Promise<string | null> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    return (token && (await this.tokens.verify(token))?.sub) || null;
  }

  private async isRevoked(sid: string): Promise<boolean> {
    try {
      return (await this.cache.get(revokedKey(sid))) !== null;
    } catch {
      // Without the revocation list no session can be trusted; say so rather than fail obscurely.
      throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
  }

  /** Starts a session for the user; returns the Set-Cookie header values. */
  async start(user: SessionHolder, request: CookieRequest): Promise<string[]> {
    const userId = user.id;
    const { token } = await this.tokens.issue(userId, user.sessionGeneration);
    const options = { secure: this.secure(request), maxAgeSeconds: SESSION_MAX_AGE_SECONDS };
    return [
      setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true }),
      setCookie(USER_ID_COOKIE, userId, { ...options, httpOnly: false }),
    ];
  }

  /**
   * Revokes the session a Cookie header carries, if any, for the rest of its life (also when its user is gone).
   * Returns the ended session's claims and the Set-Cookie header values that clear both cookies.
   */
  async end(
    cookieHeader: string | undefined,
    request: CookieRequest,
  ): Promise<{ claims: SessionClaims | null; setCookies: string[] }> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    const claims = token ? await this.tokens.verify(token) : null;
    if (token && claims) {
      const remainingMs = claims.exp * 1000 - this.now();
      if (remainingMs > 0) await this.cache.set(revokedKey(claims.sid), '1', remainingMs);
      this.tokens.forget(token);
    }
    const secure = this.secure(request);
    return {
      claims,
      setCookies: [
        clearCookie(SESSION_COOKIE, { httpOnly: true, secure }),
        clearCookie(USER_ID_COOKIE, { httpOnly: false, secure }),
      ],
    };
  }

  /** Whether the cookies set in answer to this request are Secure. */
  secure(request: CookieRequest): boolean {
    return this.alwaysSecure || request.secure;
  }
}
