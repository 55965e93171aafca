import { describe, expect, it } from '@jest/globals';
import { argon2PasswordHasher } from './password-hasher.js';

describe('argon2PasswordHasher', () => {
  const hasher = argon2PasswordHasher();

  it('hashes with argon2id and a fresh salt each time', async () => {
    const first = await hasher.hash('segreto1');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.hash('segreto1')).not.toBe(first);
  });

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('segreto1');
    expect(await hasher.verify(stored, 'segreto1')).toBe(true);
    expect(await hasher.verify(stored, 'segreto2')).toBe(false);
  });

  it('matches nothing against a malformed hash', async () => {
    expect(await hasher.verify('not-a-hash', 'segreto1')).toBe(false);
  });

  it('fails a verification against no account, after doing the same work', async () => {
    expect(await hasher.verifyNone('segreto1')).toBe(false);
  });
});
