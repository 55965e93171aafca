import { describe, expect, it } from '@jest/globals';
import { afterPremium, isTimely, planPremium, PREMIUM_WARNING_MS } from './index.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60_000).toISOString();

describe('the moments of a premium expiry', () => {
  it('warns three days before the expiry, then tells its end at it, then nothing', () => {
    expect(PREMIUM_WARNING_MS).toBe(3 * 24 * 60 * 60_000);
    const expiry = inDays(30);
    expect(planPremium(expiry, now)).toEqual({ moment: 'premium_expiring', at: inDays(27) });
    expect(afterPremium('premium_expiring', expiry)).toEqual({ moment: 'premium_ended', at: expiry });
    expect(afterPremium('premium_ended', expiry)).toBeNull();
  });

  it('plans an extension afresh: the warning is armed again for the new expiry', () => {
    expect(planPremium(inDays(2), now)).toEqual({ moment: 'premium_ended', at: inDays(2) });
    expect(planPremium(inDays(32), now)).toEqual({ moment: 'premium_expiring', at: inDays(29) });
  });

  it('gives no warning once inside the three days, only the end', () => {
    expect(planPremium(inDays(3), now)).toEqual({ moment: 'premium_ended', at: inDays(3) });
    expect(planPremium(new Date(now.getTime() + PREMIUM_WARNING_MS + 1).toISOString(), now)?.moment).toBe(
      'premium_expiring',
    );
  });

  it('tells no one of an expiry already past when learned, nor of none (a revoke)', () => {
    expect(planPremium(inDays(-1), now)).toBeNull();
    expect(planPremium(now.toISOString(), now)).toBeNull();
    expect(planPremium(null, now)).toBeNull();
  });

  it('tells a warning only before the end it warns of; the end whenever it is reached', () => {
    expect(isTimely('premium_expiring', inDays(1), now)).toBe(true);
    expect(isTimely('premium_expiring', inDays(-1), now)).toBe(false);
    expect(isTimely('premium_ended', inDays(-1), now)).toBe(true);
  });
});
