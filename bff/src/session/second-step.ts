import { jwtVerify, SignJWT } from 'jose';
import { clearCookie, readCookie, setCookie } from './cookies.js';

/** The cookie that says "this browser gave this member's password" until the second step is given. */
export const SECOND_STEP_COOKIE = 'tip_second_step';
/** Five minutes to give the second step; then the password again. */
export const SECOND_STEP_MAX_AGE_SECONDS = 300;

const ALGORITHM = 'HS256';
/** Its audience keeps it from being taken for a session token, which has none, and the other way round. */
const AUDIENCE = 'tip:second-step';

/**
 * A sign-in half done: the password (or Google) was right and the member has a second factor. A short signed token
 * in an httpOnly cookie names them; it is no session, and only the second step's routes read it.
 */
export class SecondSteps {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The Set-Cookie header value that starts the second step for the member. */
  async begin(userId: string, secure: boolean): Promise<string> {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${SECOND_STEP_MAX_AGE_SECONDS}s`)
      .sign(this.key);
    return setCookie(SECOND_STEP_COOKIE, token, {
      httpOnly: true,
      secure,
      maxAgeSeconds: SECOND_STEP_MAX_AGE_SECONDS,
      path: '/api/auth',
    });
  }

  /** The member whose second step this browser owes, or null (none, expired, forged). */
  async pending(cookieHeader: string | undefined): Promise<string | null> {
    const token = readCookie(cookieHeader, SECOND_STEP_COOKIE);
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], audience: AUDIENCE });
      return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
    } catch {
      return null;
    }
  }

  /** The Set-Cookie header value that ends it (given, or abandoned). */
  end(secure: boolean): string {
    return clearCookie(SECOND_STEP_COOKIE, { httpOnly: true, secure, path: '/api/auth' });
  }
}
