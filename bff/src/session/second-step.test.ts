import { describe, expect, it, jest } from '@jest/globals';
import { createSigner } from 'fast-jwt';
import { SECOND_STEP_COOKIE, SECOND_STEP_MAX_AGE_SECONDS, SecondSteps } from './second-step.js';

const SECRET = 'second-step-test-secret-of-enough-length';

/** The Cookie header a browser sends back for the Set-Cookie value `begin` gave. */
const cookieOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('SecondSteps', () => {
  it('names the member whose password was right, from the cookie it set', () => {
    const steps = new SecondSteps(SECRET);
    expect(steps.pending(cookieOf(steps.begin('member-1', true)))).toBe('member-1');
  });

  it('refuses a token signed with another secret, a session token (no audience) and no cookie at all', () => {
    const steps = new SecondSteps(SECRET);
    const forged = new SecondSteps('another-secret-of-enough-length-too').begin('member-1', true);
    const session = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 7 * 24 * 3600_000 })({
      sub: 'member-1',
      sid: 's1',
      gen: 0,
    });
    expect(steps.pending(cookieOf(forged))).toBeNull();
    expect(steps.pending(`${SECOND_STEP_COOKIE}=${session}`)).toBeNull();
    expect(steps.pending(undefined)).toBeNull();
  });

  it('refuses the cookie once its five minutes are over', () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    try {
      const steps = new SecondSteps(SECRET);
      const cookie = cookieOf(steps.begin('member-1', false));
      jest.setSystemTime(Date.now() + (SECOND_STEP_MAX_AGE_SECONDS - 1) * 1000);
      expect(steps.pending(cookie)).toBe('member-1');
      jest.setSystemTime(Date.now() + 2000);
      expect(steps.pending(cookie)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
