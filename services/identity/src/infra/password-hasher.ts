import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Costs what a real verification costs and fails: a login for an unknown e-mail must not answer faster. */
  verifyNone(password: string): Promise<false>;
}

/** argon2id (the package's default algorithm) with OWASP's parameters: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function argon2PasswordHasher(): PasswordHasher {
  // Computed now, in the background, so that even the first unknown e-mail costs one verification, not a hash more.
  const dummy = hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
  dummy.catch(() => {});
  return {
    hash: (password) => hash(password, ARGON2_OPTIONS),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash matches nothing.
        return false;
      }
    },
    async verifyNone(password) {
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
