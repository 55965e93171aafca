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
  /** The member showed the address is theirs (its code or link, a password reset, or Google's word). */
  emailConfirmed: boolean;
  /** Sessions issued under an earlier generation are over: a password reset raises it. */
  sessionGeneration: number;
  /** Whether signing in takes a second step (an authenticator app or a passkey). */
  secondFactor: boolean;
  /** An admin who must add a second factor (ADMIN_SECOND_FACTOR=required) has until then. */
  secondFactorDueAt?: string;
  /** A new address the member asked for, waiting for its confirmation. */
  pendingEmail?: string;
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

/** The gender an approved verification established (`from`) and the one the member chose since (`to`). */
export interface GenderChange {
  from: Gender;
  to: Gender;
}

/** What the gender rule needs to know of a member whose profile's gender changes. */
export interface GenderOnRecord {
  verificationStatus: VerificationStatus;
  gender?: Gender;
  isAdmin: boolean;
  /** Set while the member waits for an admin after changing an approved gender. */
  genderChange?: GenderChange;
}

/**
 * The verification photo establishes the gender, which decides the categories a member may post in (men not in
 * patate, women not in melanzana). So an approved member who changes it waits for an admin again. Changing it again
 * while waiting keeps the approved gender as `from`, even back to it: the account still waits (its photo may have
 * been replaced meanwhile), and a later change still shows against what was approved. Null when verification is not
 * concerned: the same gender, an admin (approved by role), or a member whose gender no approval has established yet
 * (whoever decides their photo sees the gender as it is then).
 */
export function reviewOfGender(
  user: GenderOnRecord,
  gender: Gender,
): { verificationStatus: 'pending'; genderChange: GenderChange } | null {
  if (user.isAdmin || gender === user.gender) return null;
  const approved =
    user.verificationStatus === 'approved'
      ? user.gender
      : user.verificationStatus === 'pending'
        ? user.genderChange?.from
        : undefined;
  return approved ? { verificationStatus: 'pending', genderChange: { from: approved, to: gender } } : null;
}

/** The change an admin is shown: none when the member went back to the gender approved. */
export function shownGenderChange(change: GenderChange | undefined): GenderChange | undefined {
  return change && change.from !== change.to ? change : undefined;
}
