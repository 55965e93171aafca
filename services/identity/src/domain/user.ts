import type { PremiumSource } from './premium.js';

/** The user as identity's rules see it. Optional fields are absent when not set. */
export const GENDERS = ['male', 'female'] as const;
export const ORIENTATIONS = ['etero', 'gay', 'bisessuale'] as const;
/** `unverified`: no photo yet (a Google account before its profile setup). */
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'approved', 'rejected'] as const;

export type Gender = (typeof GENDERS)[number];
export type Orientation = (typeof ORIENTATIONS)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export interface UserAccount {
  id: string;
  /** Absent only while a Google account has not completed its profile. */
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  bio?: string;
  age?: number;
  region?: string;
  city?: string;
  gender?: Gender;
  orientation?: Orientation;
  telegramUsername?: string;
  /** Object-store keys, never shown: clients get URLs that the BFF serves through GetPhoto. */
  profileImageKey?: string;
  verificationPhotoKey?: string;
  verificationStatus: VerificationStatus;
  /** The reasons of a rejection. */
  verificationNotes?: string;
  isAdmin: boolean;
  isTester: boolean;
  isOnline: boolean;
  needsProfileSetup: boolean;
  createdAt: string;
  /** Premium lasts until this moment; absent when the member never had it or an admin revoked it. */
  premiumSubscriptionExpiry?: string;
  premiumSource?: PremiumSource;
}

/**
 * Usernames are unique whatever their case or encoding: "Mario", "mario" and the full-width "ｍａｒｉｏ" are the same
 * name (NFKC folds compatibility forms, then case is dropped).
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

/** A rejected or never-verified user sends a photo; a pending one may replace it; an approved one is done. */
export function mayResubmitVerification(status: VerificationStatus): boolean {
  return status !== 'approved';
}
