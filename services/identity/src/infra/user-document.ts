import type { OutboxDocument } from '@tip/platform';
import type { GenderChange, UserAccount } from '../domain/index.js';

/** How a user is stored: the account plus what only identity's infrastructure reads. */
export interface UserDocument extends OutboxDocument, Omit<UserAccount, 'id'> {
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
  };
}
