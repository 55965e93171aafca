import { type EventEnvelope } from '@tip/platform';
import {
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  VerificationSubmitted,
  type UserProfilePayload,
} from '../contract/index.js';
import { photoUrl, shownGenderChange } from '../domain/index.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo } from './context.js';

/** The profile other services keep, as the user document holds it now. */
export function profilePayload(user: UserDocument): UserProfilePayload {
  return {
    userId: user._id,
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageKey ? photoUrl(user._id, 'profile', user.profileImageKey) : null,
    gender: user.gender ?? null,
    hasTelegram: Boolean(user.telegramUsername),
    verificationStatus: user.verificationStatus,
    isAdmin: user.isAdmin,
    isTester: user.isTester,
    premiumSubscriptionExpiry: user.premiumSubscriptionExpiry ?? null,
    premiumSource: user.premiumSource ?? null,
    createdAt: user.createdAt,
  };
}

export function userRegistered(
  user: UserDocument,
  method: 'password' | 'google' | 'bootstrap',
  call: CallInfo,
): EventEnvelope {
  return UserRegistered.create(user._id, { ...profilePayload(user), method }, call.correlationId);
}

/** The photo on file waits for a decision, with the gender change the admin is to check it against, if any. */
export function verificationSubmitted(user: UserDocument, call: CallInfo): EventEnvelope {
  const genderChange = shownGenderChange(user.genderChange);
  return VerificationSubmitted.create(
    user._id,
    {
      userId: user._id,
      submittedAt: user.verificationSubmittedAt ?? new Date().toISOString(),
      ...(genderChange ? { genderChange } : {}),
    },
    call.correlationId,
  );
}

export function profileUpdated(user: UserDocument, call: CallInfo): EventEnvelope {
  return ProfileUpdated.create(user._id, profilePayload(user), call.correlationId);
}

export function userDeleted(userId: string, deletedAt: string, call: CallInfo, adminId?: string): EventEnvelope {
  return UserDeleted.create(userId, { userId, deletedAt, ...(adminId ? { adminId } : {}) }, call.correlationId);
}
