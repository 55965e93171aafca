import { describe, expect, it } from '@jest/globals';
import { extendPremium, isPremiumActive, premiumGrantSchema } from './premium.js';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('premium', () => {
  it('is active only while the expiry is in the future', () => {
    expect(isPremiumActive(undefined, now)).toBe(false);
    expect(isPremiumActive('2026-03-10T11:59:59.000Z', now)).toBe(false);
    expect(isPremiumActive('2026-04-01T00:00:00.000Z', now)).toBe(true);
  });

  it('extends from now when it is not active', () => {
    expect(extendPremium(undefined, 1, now)).toBe('2026-04-10T12:00:00.000Z');
    expect(extendPremium('2025-01-01T00:00:00.000Z', 12, now)).toBe('2027-03-10T12:00:00.000Z');
  });

  it('extends from the current expiry while active, so buying early loses nothing', () => {
    expect(extendPremium('2026-04-01T08:00:00.000Z', 1, now)).toBe('2026-05-01T08:00:00.000Z');
    expect(extendPremium('2026-04-01T08:00:00.000Z', 6, now)).toBe('2026-10-01T08:00:00.000Z');
  });

  it('keeps the day of the month, or the month’s last day when it has fewer', () => {
    const january31 = new Date('2026-01-31T09:00:00.000Z');
    expect(extendPremium(undefined, 1, january31)).toBe('2026-02-28T09:00:00.000Z');
    expect(extendPremium(undefined, 1, new Date('2028-01-31T09:00:00.000Z'))).toBe('2028-02-29T09:00:00.000Z');
    expect(extendPremium(undefined, 12, new Date('2026-12-15T00:00:00.000Z'))).toBe('2027-12-15T00:00:00.000Z');
  });

  it('is granted by admins for 1, 2, 3, 6 or 12 months', () => {
    for (const months of [1, 2, 3, 6, 12]) expect(premiumGrantSchema.safeParse({ months }).success).toBe(true);
    for (const months of [0, 4, 24, 1.5, '1']) expect(premiumGrantSchema.safeParse({ months }).success).toBe(false);
  });
});
