import type { IdentityUser } from '../contract/index.js';
import type { UserView } from '../domain/index.js';

/** proto3 has no "absent" for strings and enums: they travel as '' and *_UNSPECIFIED. */
export function toProtoUser(user: UserView): IdentityUser {
  return {
    id: user.id,
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
    bio: user.bio ?? '',
    age: user.age,
    region: user.region ?? '',
    city: user.city ?? '',
    gender: user.gender ?? 'GENDER_UNSPECIFIED',
    orientation: user.orientation ?? 'ORIENTATION_UNSPECIFIED',
    telegramUsername: user.telegramUsername ?? '',
    verificationStatus: user.verificationStatus,
    verificationNotes: user.verificationNotes ?? '',
    verificationImageUrl: user.verificationImageUrl ?? '',
    isAdmin: user.isAdmin,
    isTester: user.isTester,
    isOnline: user.isOnline,
    createdAt: user.createdAt,
    needsProfileSetup: user.needsProfileSetup,
    isPremium: user.isPremium,
    premiumSubscriptionExpiry: user.premiumSubscriptionExpiry ?? '',
    premiumSource: user.premiumSource ?? '',
    emailConfirmed: user.emailConfirmed,
    sessionGeneration: user.sessionGeneration,
    secondFactor: user.secondFactor,
    secondFactorDueAt: user.secondFactorDueAt ?? '',
    pendingEmail: user.pendingEmail ?? '',
  };
}
