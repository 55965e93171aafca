import type { PhotoKind } from './photos.js';
import { isPremiumActive, type PremiumSource } from './premium.js';
import type { UserAccount } from './user.js';

/** Who is asking; null for a caller without a session. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** A user as one viewer may see it: the private fields are present only for the owner and admins. */
export interface UserView {
  id: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string;
  bio?: string;
  age?: number;
  region?: string;
  city?: string;
  gender?: UserAccount['gender'];
  orientation?: UserAccount['orientation'];
  verificationStatus: UserAccount['verificationStatus'];
  isAdmin: boolean;
  isOnline: boolean;
  createdAt: string;
  /** Public: premium members wear a badge. */
  isPremium: boolean;
  // Private: the owner and admins only.
  email?: string;
  /** Private because contacting a member on Telegram is sold for credits. */
  telegramUsername?: string;
  verificationNotes?: string;
  verificationImageUrl?: string;
  isTester: boolean;
  needsProfileSetup: boolean;
  premiumSubscriptionExpiry?: string;
  premiumSource?: PremiumSource;
  emailConfirmed: boolean;
  /** For the BFF's session check, which reads the member as themself. */
  sessionGeneration: number;
  secondFactor: boolean;
  secondFactorDueAt?: string;
  pendingEmail?: string;
}

export function seesPrivateFields(owner: Pick<UserAccount, 'id'>, viewer: Viewer | null): boolean {
  return viewer !== null && (viewer.id === owner.id || viewer.isAdmin);
}

/** Profile photos are for anyone signed in; a verification photo only for its owner and admins. */
export function mayViewPhoto(kind: PhotoKind, ownerId: string, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  return kind === 'profile' || seesPrivateFields({ id: ownerId }, viewer);
}

/**
 * Where the BFF serves a user's photo (it answers through identity's GetPhoto, which checks the viewer). The
 * version changes with every new photo, so browsers may cache a URL for good.
 */
export function photoUrl(userId: string, kind: PhotoKind, objectKey: string): string {
  const version = objectKey.slice(objectKey.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `/api/users/${encodeURIComponent(userId)}/photos/${kind}?v=${encodeURIComponent(version)}`;
}

export function viewUser(user: UserAccount, viewer: Viewer | null, now = new Date()): UserView {
  const view: UserView = {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageKey && photoUrl(user.id, 'profile', user.profileImageKey),
    bio: user.bio,
    age: user.age,
    region: user.region,
    city: user.city,
    gender: user.gender,
    orientation: user.orientation,
    verificationStatus: user.verificationStatus,
    isAdmin: user.isAdmin,
    isOnline: user.isOnline,
    createdAt: user.createdAt,
    isPremium: isPremiumActive(user.premiumSubscriptionExpiry, now),
    isTester: false,
    needsProfileSetup: false,
    emailConfirmed: false,
    sessionGeneration: 0,
    secondFactor: false,
  };
  if (!seesPrivateFields(user, viewer)) return view;
  return {
    ...view,
    email: user.email,
    telegramUsername: user.telegramUsername,
    verificationNotes: user.verificationNotes,
    verificationImageUrl: user.verificationPhotoKey && photoUrl(user.id, 'verification', user.verificationPhotoKey),
    isTester: user.isTester,
    needsProfileSetup: user.needsProfileSetup,
    premiumSubscriptionExpiry: user.premiumSubscriptionExpiry,
    premiumSource: user.premiumSource,
    emailConfirmed: user.emailConfirmed,
    sessionGeneration: user.sessionGeneration,
    secondFactor: user.secondFactor,
    secondFactorDueAt: user.secondFactorDueAt,
    pendingEmail: user.pendingEmail,
  };
}
