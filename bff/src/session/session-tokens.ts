import { createSigner, createVerifier } from 'fast-jwt';
import { BoundedMap } from '../lib/bounded-map.js';

/** Seven days, a session's life (docs/product.md#signing-in-and-out). */
export const SESSION_MAX_AGE_SECONDS = 604_800;

export interface SessionClaims {
  /** The user id. */
  sub: string;
  /** The session id: identity's record of the session (what logout and 'end' end). */
  sid: string;
  /** Expiry, epoch seconds. */
  exp: number;
  /** The member's session generation when it was issued: a later generation (a password reset) ends it. */
  gen: number;
}

const ALGORITHM = 'HS256';

/**
 * Issues and verifies session JWTs, signed and checked with node:crypto in the call (fast-jwt). A token seen once is
 * remembered (until it expires) so that the hot path pays for the HMAC only on a token's first request to this
 * process.
 */
export class SessionTokens {
  private readonly verified: BoundedMap<string, SessionClaims>;
  private readonly sign: (payload: { sub: string; sid: string; gen: number }) => string;
  private readonly check: (token: string) => Record<string, unknown>;

  constructor(secret: string, options: { maxVerified?: number; now?: () => number } = {}) {
    this.sign = createSigner({ key: secret, algorithm: ALGORITHM, expiresIn: SESSION_MAX_AGE_SECONDS * 1000 });
    this.check = createVerifier({ key: secret, algorithms: [ALGORITHM] });
    this.verified = new BoundedMap(options.maxVerified ?? 20_000, options.now);
  }

  /** A token for identity's session `sid` of the member. */
  issue(userId: string, generation: number, sid: string): { token: string; claims: SessionClaims } {
    const token = this.sign({ sub: userId, sid, gen: generation });
    const claims = this.verify(token);
    if (!claims) throw new Error('a freshly signed session token did not verify');
    return { token, claims };
  }

  /** The token's claims, or null when it is forged, malformed or expired. */
  verify(token: string): SessionClaims | null {
    const known = this.verified.get(token);
    if (known) return known;
    let payload: Record<string, unknown>;
    try {
      payload = this.check(token);
    } catch {
      return null;
    }
    if (!isSessionClaims(payload)) return null;
    // Tokens issued before generations existed count as the first one.
    const gen = typeof payload.gen === 'number' ? payload.gen : 0;
    const claims: SessionClaims = { sub: payload.sub, sid: payload.sid, exp: payload.exp, gen };
    this.verified.set(token, claims, claims.exp * 1000);
    return claims;
  }

  /** Forgets a token in this process (its revocation is recorded in the cache port, for every process). */
  forget(token: string): void {
    this.verified.delete(token);
  }
}

function isSessionClaims(value: unknown): value is Omit<SessionClaims, 'gen'> & { gen?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    claims.sub !== '' &&
    typeof claims.sid === 'string' &&
    claims.sid !== '' &&
    typeof claims.exp === 'number'
  );
}
