import { DomainError, type EventEnvelope } from '@tip/platform';
import { PremiumChanged } from '../contract/index.js';
import { extendPremium, type UserView } from '../domain/index.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** How many purchases a member's document remembers as applied: far more than can be redelivered at once. */
const REMEMBERED_PAYMENTS = 50;

function premiumChanged(
  user: UserDocument,
  change: 'purchased' | 'granted' | 'revoked',
  details: { months?: number; paymentId?: string; adminId?: string },
  call: CallInfo,
): EventEnvelope {
  return PremiumChanged.create(
    user._id,
    {
      userId: user._id,
      change,
      premiumSubscriptionExpiry: user.premiumSubscriptionExpiry ?? null,
      premiumSource: user.premiumSource ?? null,
      ...details,
    },
    call.correlationId,
  );
}

function assertNotAdmin(user: UserDocument): void {
  if (user.isAdmin) throw new DomainError('FAILED_PRECONDITION', 'identity.adminNoPremium');
}

/** An admin grants months of premium, counted from the current expiry while premium is active. */
export async function grantPremium(
  context: IdentityContext,
  input: { userId: string; months: number; adminId: string },
  call: CallInfo,
): Promise<UserView> {
  const updated = await context.users.modify(input.userId, (current) => {
    assertNotAdmin(current);
    const next: UserDocument = {
      ...current,
      premiumSubscriptionExpiry: extendPremium(current.premiumSubscriptionExpiry, input.months, new Date()),
      premiumSource: 'admin_grant',
    };
    const event = premiumChanged(next, 'granted', { months: input.months, adminId: input.adminId }, call);
    return { next, events: [event, profileUpdated(next, call)] };
  });
  return ownView(updated);
}

/** An admin ends a member's premium now. */
export async function revokePremium(
  context: IdentityContext,
  input: { userId: string; adminId: string },
  call: CallInfo,
): Promise<UserView> {
  const updated = await context.users.modify(input.userId, (current) => {
    assertNotAdmin(current);
    const next: UserDocument = { ...current, premiumSubscriptionExpiry: undefined, premiumSource: undefined };
    return {
      next,
      events: [premiumChanged(next, 'revoked', { adminId: input.adminId }, call), profileUpdated(next, call)],
    };
  });
  return ownView(updated);
}

/**
 * A paid month of premium, applied once per payment however often the wallet calls (a retried settlement, the
 * provider's webhook and the buyer's confirmation): a payment already applied changes nothing.
 */
export async function applyPremiumPurchase(
  context: IdentityContext,
  input: { userId: string; paymentId: string; months: number },
  call: CallInfo,
): Promise<UserView> {
  const updated = await context.users.modify(input.userId, (current) => {
    const applied = current.premiumPaymentIds ?? [];
    if (applied.includes(input.paymentId)) return { next: current, events: [] };
    const next: UserDocument = {
      ...current,
      premiumSubscriptionExpiry: extendPremium(current.premiumSubscriptionExpiry, input.months, new Date()),
      premiumSource: 'purchased',
      premiumPaymentIds: [...applied, input.paymentId].slice(-REMEMBERED_PAYMENTS),
    };
    const details = { months: input.months, paymentId: input.paymentId };
    return { next, events: [premiumChanged(next, 'purchased', details, call), profileUpdated(next, call)] };
  });
  return ownView(updated);
}
