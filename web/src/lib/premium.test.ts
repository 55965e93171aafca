import { describe, expect, it } from '@jest/globals';
import { isPremiumActive } from './premium';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('isPremiumActive', () => {
  it('holds while the server says so and the expiry is ahead', () => {
    expect(isPremiumActive({ isPremium: true, premiumSubscriptionExpiry: '2026-12-23T12:00:00Z' }, NOW)).toBe(true);
  });

  it('ends at the expiry even on a page left open', () => {
    expect(isPremiumActive({ isPremium: true, premiumSubscriptionExpiry: '2026-11-23T11:59:59Z' }, NOW)).toBe(false);
  });

  it('is off when the server says so or does not say', () => {
    expect(isPremiumActive({ isPremium: false, premiumSubscriptionExpiry: '2027-01-01T00:00:00Z' }, NOW)).toBe(false);
    expect(isPremiumActive({}, NOW)).toBe(false);
  });
});
