/** How long before premium ends its member is warned (premium_expiring). */
export const PREMIUM_WARNING_MS = 3 * 24 * 60 * 60_000;

/** What a member is told as their premium nears its expiry, and at it. */
export type PremiumMoment = 'premium_expiring' | 'premium_ended';

/** The next thing to tell a member of their premium's expiry, and when. */
export interface PremiumDue {
  moment: PremiumMoment;
  at: string;
}

/**
 * What is still to tell of a premium expiring at `expiry`, learned at `now` (a grant, a purchase, an extension: every
 * new expiry is planned afresh, so an extension moves the moments and re-arms the warning). A warning whose moment
 * has passed is not given (it would not be three days any more), only the end; an expiry already past tells no one
 * (it ended before notifications heard of it: a replayed history, or a revoke, which has none).
 */
export function planPremium(expiry: string | null, now: Date): PremiumDue | null {
  const end = expiry ? Date.parse(expiry) : Number.NaN;
  if (!(end > now.getTime())) return null;
  const warning = end - PREMIUM_WARNING_MS;
  return warning > now.getTime()
    ? { moment: 'premium_expiring', at: new Date(warning).toISOString() }
    : { moment: 'premium_ended', at: new Date(end).toISOString() };
}

/** What follows a moment told: the end after the warning, nothing after the end. */
export function afterPremium(told: PremiumMoment, expiry: string): PremiumDue | null {
  return told === 'premium_expiring' ? { moment: 'premium_ended', at: new Date(expiry).toISOString() } : null;
}

/** Whether a moment reached at `now` is still true to tell: a warning only before the end it warns of (a late sweep). */
export function isTimely(moment: PremiumMoment, expiry: string, now: Date): boolean {
  return moment === 'premium_ended' || Date.parse(expiry) > now.getTime();
}
