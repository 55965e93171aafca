import type { IdentityUserOutput } from '@tip/platform';
import type { Balances } from './wallet/balances.js';

/** A user as the REST API shows it. Null means "not set" or "not yours to see". */
export interface UserJson {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  age: number | null;
  region: string | null;
  city: string | null;
  gender: string | null;
  orientation: string | null;
  telegramUsername: string | null;
  verificationStatus: string;
  verificationNotes: string | null;
  verificationImageUrl: string | null;
  isAdmin: boolean;
  isTester: boolean;
  isOnline: boolean;
  needsProfileSetup: boolean;
  createdAt: string;
  /** The wallet's balance: the own account's, or any member's for an admin; null for everyone else. */
  credits: number | null;
  isPremium: boolean;
  premiumSubscriptionExpiry: string | null;
  premiumSource: string | null;
}

const orNull = (value: string): string | null => (value === '' ? null : value);
const enumOrNull = (value: string): string | null => (value.endsWith('_UNSPECIFIED') ? null : value);

/**
 * What identity returned for this viewer (it empties what the viewer may not see), empty values as null, with the
 * balance when the viewer may see it.
 */
export function toUserJson(user: IdentityUserOutput, credits: number | null): UserJson {
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
    gender: enumOrNull(user.gender),
    orientation: enumOrNull(user.orientation),
    telegramUsername: orNull(user.telegramUsername),
    verificationStatus: user.verificationStatus,
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
    premiumSource: orNull(user.premiumSource),
  };
}

/** The signed-in member's own user, with its balance. */
export async function ownUserJson(balances: Balances, user: IdentityUserOutput): Promise<UserJson> {
  return toUserJson(user, await balances.get(user.id));
}
