import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code, every digit random (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A link's token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Letters and digits a recovery code is made of: 31, none that reads like another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A recovery code: 16 random characters (79 bits, so that a plain hash is enough, as for a token), written as four
 * groups of four ("k7m2-qx9f-hr3a-tw8e"). Stored as the hash of what normalizeRecoveryCode leaves.
 */
export function newRecoveryCode(): string {
  const characters = Array.from({ length: 16 }, () => RECOVERY_ALPHABET.charAt(randomInt(0, RECOVERY_ALPHABET.length)));
  return [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join('')).join('-');
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
