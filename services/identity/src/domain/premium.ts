import { z } from 'zod';

/** Where a member's premium comes from: bought by card, or granted by an admin. */
export const PREMIUM_SOURCES = ['purchased', 'admin_grant'] as const;
export type PremiumSource = (typeof PREMIUM_SOURCES)[number];

/** Premium is active while its expiry is in the future. */
export function isPremiumActive(expiry: string | undefined, now: Date): boolean {
  return expiry !== undefined && Date.parse(expiry) > now.getTime();
}

/**
 * The expiry after adding `months`: counted from the current expiry while premium is active (buying early loses
 * nothing), from now otherwise. A day past the end of the target month falls back to its last day (31 January plus
 * one month is the end of February, not 3 March).
 */
export function extendPremium(expiry: string | undefined, months: number, now: Date): string {
  const from = isPremiumActive(expiry, now) ? new Date(expiry as string) : now;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target.toISOString();
}

/** Months of premium an admin may grant at once (docs/product.md#the-admin-console). */
export const PREMIUM_GRANT_MONTHS = [1, 2, 3, 6, 12] as const;

export const premiumGrantSchema = z.object({
  months: z
    .number()
    .int('identity.premiumMonthsInvalid')
    .refine((months) => (PREMIUM_GRANT_MONTHS as readonly number[]).includes(months), 'identity.premiumMonthsInvalid'),
});
