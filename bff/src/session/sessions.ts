import { DomainError, type Cache, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition, IdentityUserOutput } from '@tip/identity/contract';
import { BoundedMap } from '../lib/bounded-map.js';
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

/** A sign-in's request: its User-Agent tells identity where the session runs. */
export interface SignInRequest extends CookieRequest {
  headers: { 'user-agent'?: string | undefined };
}

/** What the session check asks of identity, which owns the sessions' records. */
export type IdentitySessions = Pick<ServiceClient<IdentityDefinition>, 'StartSession' | 'TouchSession' | 'EndSession'>;

/**
 * How long a session identity said was live is taken as live here without asking again. Identity writes its
 * last-seen time at most this often too, so a request costs neither a call nor a write; an ended session is refused
 * sooner than that by its mark in the cache (below).
 */
export const SESSION_RECHECK_MS = 5 * 60_000;

export interface Session {
  token: string;
  claims: SessionClaims;
  user: IdentityUserOutput;
}

const revokedKey = (sid: string) => `session:revoked:${sid}`;
const REVOKED_MS = SESSION_MAX_AGE_SECONDS * 1000;

/**
 * How the other processes serving these sessions hear at once of one ended here: npm start's workers, through
 * Socket.IO's cluster adapter (socket-server.ts). Where it is given, a session this process confirmed is taken as live
 * without reading its mark in the cache on every request.
 */
export interface SessionEndings {
  /** Tells every other process that `sid` ended; resolves once each has heard it (or the wait for one ran out). */
  tell(sid: string): Promise<void>;
}

/** The endings of a process that serves its sessions alone: it ends each one itself, and has nobody to tell. */
export const NOBODY_ELSE: SessionEndings = { tell: () => Promise.resolve() };

/** Whom a session is started for: the member and their session generation now. */
export type SessionHolder = Pick<IdentityUserOutput, 'id' | 'sessionGeneration'>;

/**
 * The session check and the session's life: a signed token in an httpOnly cookie naming identity's record of the
 * session; an ended session marked in the cache port (so every BFF replica refuses it on its next request) and, among
 * npm start's workers, told to each (SessionEndings), so that a worker reads no mark for a session it confirmed;
 * identity asked whether it is live once per SESSION_RECHECK_MS (which also marks it seen, and catches a mark the
 * cache lost); the user from the in-memory user cache. Cookies are Secure
 * when PUBLIC_URL is https (`alwaysSecure`) and whenever the request itself is, so that a deployment behind an https
 * proxy that left PUBLIC_URL unset or http still keeps its session off plain http.
 */
export class Sessions {
  /** Sessions identity said were live, until they are to be asked about again. */
  private readonly confirmed: BoundedMap<string, true>;
  private readonly confirming = new Map<string, Promise<boolean>>();
  /**
   * Sessions this process knows ended (here, or told by another), for as long as a token of theirs may live; one
   * that leaves this bound is still refused by its mark in the cache, being no longer confirmed either.
   */
  private readonly ended: BoundedMap<string, true>;
  private endings: SessionEndings | undefined;

  constructor(
    private readonly tokens: SessionTokens,
    private readonly cache: Cache,
    private readonly users: UserCache,
    private readonly identity: IdentitySessions,
    private readonly alwaysSecure: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.confirmed = new BoundedMap(50_000, now);
    this.ended = new BoundedMap(50_000, now);
  }

  /** From now on, endings here are told through `endings`, and confirmed sessions need no read of the cache. */
  shareEndings(endings: SessionEndings): void {
    this.endings = endings;
  }

  /** Refuses `sid` in this process from now on: ended here, or told by another (SessionEndings). */
  markEnded(sid: string): void {
    this.ended.set(sid, true, this.now() + REVOKED_MS);
    this.confirmed.delete(sid);
  }

  /** The session a request's Cookie header carries, or null for a visitor. */
  async authenticate(cookieHeader: string | undefined): Promise<Session | null> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    if (!token) return null;
    const claims = this.tokens.verify(token);
    if (!claims || this.ended.has(claims.sid)) return null;
    // The cache's mark, which every replica writes, unless this process confirmed the session and hears every ending
    // at once.
    const heardOfEveryEnding = this.endings !== undefined && this.confirmed.has(claims.sid);
    if (!heardOfEveryEnding && (await this.isRevoked(claims.sid))) return null;
    const user = await this.users.get(claims.sub);
    // A password reset since it was issued ended it: the user cache learns the new generation from identity's event.
    if (!user || claims.gen < user.sessionGeneration) return null;
    if (!(await this.isLive(claims))) return null;
    return { token, claims, user };
  }

  /** Whether identity holds the session live, asked once per SESSION_RECHECK_MS and session in this process. */
  private isLive(claims: SessionClaims): Promise<boolean> {
    if (this.confirmed.has(claims.sid)) return Promise.resolve(true);
    let pending = this.confirming.get(claims.sid);
    if (!pending) {
      pending = this.confirm(claims).finally(() => this.confirming.delete(claims.sid));
      this.confirming.set(claims.sid, pending);
    }
    return pending;
  }

  private async confirm(claims: SessionClaims): Promise<boolean> {
    let live: boolean;
    try {
      ({ live } = await this.identity.TouchSession({ userId: claims.sub, sessionId: claims.sid }));
    } catch {
      throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
    // Ended meanwhile (told while identity answered): not confirmed.
    if (this.ended.has(claims.sid)) return false;
    if (live) this.confirmed.set(claims.sid, true, this.now() + SESSION_RECHECK_MS);
    else await this.refuse(claims.sid);
    return live;
  }

  /**
   * Refuses an ended session from now on, in every replica (its mark in the cache outlives any token of it); its
   * sockets are the caller's to close.
   */
  async refuse(sid: string): Promise<void> {
    await this.endHere(sid, REVOKED_MS);
  }

  /**
   * Marks `sid` ended in this process, for `remainingMs` in the cache (for every replica, and this machine's processes
   * started later), then in the others that share its endings.
   */
  private async endHere(sid: string, remainingMs: number): Promise<void> {
    this.markEnded(sid);
    await this.cache.set(revokedKey(sid), '1', remainingMs);
    await this.endings?.tell(sid);
  }

  /**
   * The member a Cookie header's session token names, checked for its signature and expiry but not for a logout
   * (that takes the cache): only for what a logged-out token can do no harm with, such as making its member's feed
   * pages stale.
   */
  signedInAs(cookieHeader: string | undefined): string | null {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    return (token && this.tokens.verify(token)?.sub) || null;
  }

  private async isRevoked(sid: string): Promise<boolean> {
    try {
      return (await this.cache.get(revokedKey(sid))) !== null;
    } catch {
      // Without the revocation list no session can be trusted; say so rather than fail obscurely.
      throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
  }

  /**
   * Starts a session for the user (identity records it, with the request's User-Agent); returns the Set-Cookie
   * header values.
   */
  async start(user: SessionHolder, request: SignInRequest): Promise<string[]> {
    const userId = user.id;
    const { sessionId } = await this.identity.StartSession({
      userId,
      userAgent: request.headers['user-agent'] ?? '',
    });
    const { token } = this.tokens.issue(userId, user.sessionGeneration, sessionId);
    this.confirmed.set(sessionId, true, this.now() + SESSION_RECHECK_MS);
    const options = { secure: this.secure(request), maxAgeSeconds: SESSION_MAX_AGE_SECONDS };
    return [
      setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true }),
      setCookie(USER_ID_COOKIE, userId, { ...options, httpOnly: false }),
    ];
  }

  /**
   * Revokes the session a Cookie header carries, if any, for the rest of its life (also when its user is gone), and
   * ends identity's record of it. Returns the ended session's claims and the Set-Cookie header values that clear
   * both cookies.
   */
  async end(
    cookieHeader: string | undefined,
    request: CookieRequest,
  ): Promise<{ claims: SessionClaims | null; setCookies: string[] }> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    const claims = token ? this.tokens.verify(token) : null;
    if (token && claims) {
      const remainingMs = claims.exp * 1000 - this.now();
      if (remainingMs > 0) await this.endHere(claims.sid, remainingMs);
      this.tokens.forget(token);
      await this.identity.EndSession({ userId: claims.sub, sessionId: claims.sid }).catch((error: unknown) => {
        // Ended already (from another device, a reset) or its member is gone: nothing is left to end.
        if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
      });
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
