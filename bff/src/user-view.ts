import type { IdentityUserOutput } from '@tip/identity/contract';
import {
  genderSchema,
  orientationSchema,
  premiumSourceSchema,
  verificationStatusSchema,
  type Member,
  type User,
} from './contract/index.js';
import type { Balances } from './wallet/balances.js';

const orNull = (value: string): string | null => (value === '' ? null : value);
/** A proto enum's value as one of the contract's, or null for the unspecified one. */
const enumOrNull = <T>(schema: { parse(value: unknown): T }, value: string): T | null =>
  value === '' || value.endsWith('_UNSPECIFIED') ? null : schema.parse(value);

/**
 * What identity returned for this viewer (it empties what the viewer may not see), empty values as null, with the
 * balance when the viewer may see it.
 */
export function toUserJson(user: IdentityUserOutput, credits: number | null): Member {
  return {
    id: user.id,
    username: user.username,
    firstName: orNull(user.firstName),
    lastName: orNull(user.lastName),
    email: orNull(user.email),
    profileImageUrl: orNull(user.profileImageUrl),
    bio: orNull(user.bio),
    age: user.age ?? null,
    region: orNull(user.region),
    city: orNull(user.city),
    gender: enumOrNull(genderSchema, user.gender),
    orientation: enumOrNull(orientationSchema, user.orientation),
    telegramUsername: orNull(user.telegramUsername),
    verificationStatus: verificationStatusSchema.parse(user.verificationStatus),
    verificationNotes: orNull(user.verificationNotes),
    verificationImageUrl: orNull(user.verificationImageUrl),
    isAdmin: user.isAdmin,
    isTester: user.isTester,
    isOnline: user.isOnline,
    needsProfileSetup: user.needsProfileSetup,
    createdAt: user.createdAt,
    credits,
    isPremium: user.isPremium,
    premiumSubscriptionExpiry: orNull(user.premiumSubscriptionExpiry),
    premiumSource: enumOrNull(premiumSourceSchema, user.premiumSource),
    emailConfirmed: user.emailConfirmed,
    secondFactor: user.secondFactor,
    secondFactorDueAt: orNull(user.secondFactorDueAt),
    pendingEmail: orNull(user.pendingEmail),
  };
}

/** The signed-in member's own user, with its balance. */
export async function ownUserJson(balances: Balances, user: IdentityUserOutput): Promise<User> {
  return { ...toUserJson(user, null), credits: await balances.get(user.id) };
}
