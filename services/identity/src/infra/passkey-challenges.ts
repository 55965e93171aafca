import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a challenge is for: making a passkey, or signing in with one. */
export type ChallengePurpose = 'register' | 'signIn';

/** A challenge that checked out: its nonce (to be recorded as used) and when it stops counting. */
export interface ChallengeUse {
  nonce: string;
  expiresAt: string;
}

const NONCE_BYTES = 16;
const TAG_BYTES = 16;

/**
 * Passkey challenges that need no write: each is a random nonce, its expiry and an HMAC over both, the purpose and
 * the member (empty for a passkey alone), so that only this service made it, for this use. Identity's replicas share
 * the key (derived from the service token secret). That a challenge is used once is kept where the sign-in writes
 * anyway: the member's recently used nonces (second-factors).
 */
export class PasskeyChallenges {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tip-identity', 'passkey challenges', 32));
  }

  /** The challenge's bytes (the options carry them base64url-encoded, as the answer's client data does). */
  issue(purpose: ChallengePurpose, userId: string, expiresAt: Date): Uint8Array<ArrayBuffer> {
    const nonce = randomBytes(NONCE_BYTES);
    const expiry = Buffer.alloc(8);
    expiry.writeBigUInt64BE(BigInt(expiresAt.getTime()));
    return new Uint8Array(Buffer.concat([nonce, expiry, this.tag(purpose, userId, nonce, expiry)]));
  }

  /**
   * The nonce and expiry of a challenge (base64url, as the answer carries it) when this service issued it for
   * `purpose` and `userId` and it is live.
   */
  check(challenge: string, purpose: ChallengePurpose, userId: string, now: Date): ChallengeUse | null {
    const bytes = Buffer.from(challenge, 'base64url');
    if (bytes.length !== NONCE_BYTES + 8 + TAG_BYTES) return null;
    const nonce = bytes.subarray(0, NONCE_BYTES);
    const expiry = bytes.subarray(NONCE_BYTES, NONCE_BYTES + 8);
    const tag = bytes.subarray(NONCE_BYTES + 8);
    if (!timingSafeEqual(tag, this.tag(purpose, userId, nonce, expiry))) return null;
    const expiresAt = Number(expiry.readBigUInt64BE());
    if (expiresAt <= now.getTime()) return null;
    return { nonce: nonce.toString('base64url'), expiresAt: new Date(expiresAt).toISOString() };
  }

  private tag(purpose: ChallengePurpose, userId: string, nonce: Buffer, expiry: Buffer): Buffer {
    return createHmac('sha256', this.key)
      .update(`${purpose}\u0000${userId}\u0000`)
      .update(nonce)
      .update(expiry)
      .digest()
      .subarray(0, TAG_BYTES);
  }
}
