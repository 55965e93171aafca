import { describe, expect, it } from '@jest/globals';
import { RECENT_SIGN_IN_SECONDS, signedInRecently } from './recent-sign-in.js';
import { SESSION_MAX_AGE_SECONDS } from './session-tokens.js';

describe('a recent sign-in', () => {
  const signedInAt = 1_800_000_000;
  const claims = { exp: signedInAt + SESSION_MAX_AGE_SECONDS };

  it(`is one started within ${RECENT_SIGN_IN_SECONDS / 60} minutes`, () => {
    expect(signedInRecently(claims, signedInAt * 1000)).toBe(true);
    expect(signedInRecently(claims, (signedInAt + RECENT_SIGN_IN_SECONDS) * 1000)).toBe(true);
  });

  it('is no longer one after them', () => {
    expect(signedInRecently(claims, (signedInAt + RECENT_SIGN_IN_SECONDS + 1) * 1000)).toBe(false);
  });
});
