import type { Language, OutboxDocument } from '@tip/platform';
import type { GenderChange, PendingSecret, RecoveryCode, SecondFactorFailures, UserAccount } from '../domain/index.js';

/** The address's confirmation waiting for its code or link (hashes only). */
export interface PendingEmailConfirmation extends PendingSecret {
  codeHash: string;
  tokenHash: string;
  /** Wrong codes so far: at EMAIL_CODE_MAX_FAILURES the confirmation is void. */
  failures: number;
  /** A change the member asked for: the new address the code and link went to, the account's once confirmed. */
  newEmail?: string;
}

/** A password reset waiting for its link (the token's hash only). */
export interface PendingPasswordReset extends PendingSecret {
  tokenHash: string;
}

/** A passkey as stored: the authenticator's public key (COSE), never a private one, and its signature counter. */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  addedAt: string;
  lastUsedAt?: string;
}

/** The member's second factors: an authenticator app's secret, passkeys, and one-time recovery codes (hashes). */
export interface StoredSecondFactors {
  /** The app's shared secret (base32): codes are computed from it, so it cannot be stored as a hash. */
  totp?: { secret: string; addedAt: string; lastStep?: number };
  /** A set-up shown to the member, waiting for the app's first code. */
  pendingTotp?: PendingSecret & { secret: string };
  passkeys: StoredPasskey[];
  recoveryCodes: RecoveryCode[];
  /** Nonces of passkey challenges answered, until they expire: a challenge is taken once. */
  usedChallenges?: { nonce: string; expiresAt: string }[];
  /** Wrong TOTP and recovery codes lately (the attempts' limit). */
  failures?: SecondFactorFailures;
}

/** How a user is stored: the account plus what only identity's infrastructure reads. */
export interface UserDocument
  extends OutboxDocument, Omit<UserAccount, 'id' | 'emailConfirmed' | 'sessionGeneration' | 'secondFactor'> {
  /** The username's case-insensitive key, under a unique index. */
  usernameLower?: string;
  /** The username's confusable skeleton (usernameSkeleton), under a unique index: no two members' names look alike. */
  usernameSkeleton?: string;
  passwordHash?: string;
  /** Google's `sub` claim, under a unique index. */
  googleSubject?: string;
  verificationSubmittedAt?: string;
  /** An approved gender the member changed: kept, for the admin to see, until a decision on the photo. */
  genderChange?: GenderChange;
  lastSeenAt?: string;
  /** Counts writes: an update applies only to the revision it was computed from (optimistic concurrency). */
  revision: number;
  updatedAt: string;
  /**
   * A deleted account stays as a tombstone without personal data, so that its UserDeleted event (in the outbox)
   * still goes out; every lookup skips it.
   */
  deleted?: boolean;
  deletedAt?: string;
  /** The payments whose premium was already added, so that a repeated purchase event extends nothing. */
  premiumPaymentIds?: string[];
  /** The language the member last used to ask for a mail (registration, a resend, a reset): mails are in it. */
  language?: Language;
  /** When the address was confirmed; absent while it is not (accounts older than confirmation included). */
  emailConfirmedAt?: string;
  emailConfirmation?: PendingEmailConfirmation;
  passwordReset?: PendingPasswordReset;
  /** Absent: 0. */
  sessionGeneration?: number;
  secondFactors?: StoredSecondFactors;
}

/** The fields that hold personal data, unset when an account is deleted. */
export const PERSONAL_FIELDS = [
  'username',
  'usernameLower',
  'usernameSkeleton',
  'email',
  'passwordHash',
  'googleSubject',
  'firstName',
  'lastName',
  'bio',
  'age',
  'region',
  'city',
  'gender',
  'orientation',
  'telegramUsername',
  'profileImageKey',
  'verificationPhotoKey',
  'verificationNotes',
  'verificationSubmittedAt',
  'genderChange',
  'lastSeenAt',
  'premiumPaymentIds',
  'language',
  'emailConfirmedAt',
  'emailConfirmation',
  'passwordReset',
  'secondFactors',
  'secondFactorDueAt',
] as const satisfies readonly (keyof UserDocument)[];

export function toAccount(doc: UserDocument): UserAccount {
  return {
    id: doc._id,
    username: doc.username,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    bio: doc.bio,
    age: doc.age,
    region: doc.region,
    city: doc.city,
    gender: doc.gender,
    orientation: doc.orientation,
    telegramUsername: doc.telegramUsername,
    profileImageKey: doc.profileImageKey,
    verificationPhotoKey: doc.verificationPhotoKey,
    verificationStatus: doc.verificationStatus,
    verificationNotes: doc.verificationNotes,
    isAdmin: doc.isAdmin,
    isTester: doc.isTester,
    isOnline: doc.isOnline,
    needsProfileSetup: doc.needsProfileSetup,
    createdAt: doc.createdAt,
    premiumSubscriptionExpiry: doc.premiumSubscriptionExpiry,
    premiumSource: doc.premiumSource,
    emailConfirmed: doc.emailConfirmedAt !== undefined,
    sessionGeneration: doc.sessionGeneration ?? 0,
    secondFactor: hasSecondFactor(doc.secondFactors),
    secondFactorDueAt: doc.secondFactorDueAt,
    pendingEmail: doc.emailConfirmation?.newEmail,
  };
}

/** Whether the member has a factor to give at sign-in: an app, or a passkey. */
export function hasSecondFactor(factors: StoredSecondFactors | undefined): boolean {
  return factors !== undefined && (factors.totp !== undefined || factors.passkeys.length > 0);
}
