import { createSigner, createVerifier } from 'fast-jwt';
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
 * in an httpOnly cookie names them; it is no session, and only the second step's routes read it. Signed and checked
 * with node:crypto in the call (fast-jwt): WebCrypto (jose) queues each HMAC on the thread pool, a wait the sign-in
 * then paid once per step's request.
 */
export class SecondSteps {
  private readonly sign: (payload: { sub: string }) => string;
  private readonly verify: (token: string) => { sub?: unknown };

  constructor(secret: string) {
    this.sign = createSigner({
      key: secret,
      algorithm: ALGORITHM,
      aud: AUDIENCE,
      expiresIn: SECOND_STEP_MAX_AGE_SECONDS * 1000,
    });
    // A claim left out is not checked unless it is required: a session token has no audience.
    this.verify = createVerifier({
      key: secret,
      algorithms: [ALGORITHM],
      allowedAud: AUDIENCE,
      requiredClaims: ['aud', 'sub', 'exp'],
    });
  }

  /** The Set-Cookie header value that starts the second step for the member. */
  begin(userId: string, secure: boolean): string {
    return setCookie(SECOND_STEP_COOKIE, this.sign({ sub: userId }), {
      httpOnly: true,
      secure,
      maxAgeSeconds: SECOND_STEP_MAX_AGE_SECONDS,
      path: '/api/auth',
    });
  }

  /** The member whose second step this browser owes, or null (none, expired, forged). */
  pending(cookieHeader: string | undefined): string | null {
    const token = readCookie(cookieHeader, SECOND_STEP_COOKIE);
    if (!token) return null;
    try {
      const { sub } = this.verify(token);
      return typeof sub === 'string' && sub !== '' ? sub : null;
    } catch {
      return null;
    }
  }

  /** The Set-Cookie header value that ends it (given, or abandoned). */
  end(secure: boolean): string {
    return clearCookie(SECOND_STEP_COOKIE, { httpOnly: true, secure, path: '/api/auth' });
  }
}
