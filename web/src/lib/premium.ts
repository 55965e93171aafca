import type { User } from '@/api/types';

type PremiumFields = Partial<Pick<User, 'isPremium' | 'premiumSubscriptionExpiry'>>;

/**
 * Premium is active while its expiry lies in the future. The server says so in `isPremium`; the expiry is checked
 * too so that a page left open past it stops showing the badge.
 */
export function isPremiumActive(user: PremiumFields, now = new Date()): boolean {
  if (user.isPremium !== true) return false;
  if (!user.premiumSubscriptionExpiry) return true;
  const expiry = new Date(user.premiumSubscriptionExpiry);
  return Number.isNaN(expiry.getTime()) || expiry > now;
}
