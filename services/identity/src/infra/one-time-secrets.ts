import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code, every digit random (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A link's token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored of a code or token: its SHA-256. A token has 256 random bits, so a plain hash is enough; a code's
 * million values are guarded by its failure count and lifetime, not by the hash.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `candidate` is the secret `storedHash` was made from, in time that does not depend on where they differ. */
export function matchesSecret(candidate: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(candidate), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
