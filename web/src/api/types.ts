import type { Gender, Orientation, PremiumSource, VerificationStatus } from '@tip/identity/domain';

export type { Gender, Orientation, PremiumSource, VerificationStatus };

/** A user as the BFF's REST API shows it (GET /api/auth/user and the answers of profile changes): null = not set. */
export type User = {
  id: string;
  /** Empty while a Google account has not completed its profile (`needsProfileSetup`). */
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  age: number | null;
  region: string | null;
  city: string | null;
  gender: Gender | null;
  orientation: Orientation | null;
  telegramUsername: string | null;
  verificationStatus: VerificationStatus;
  verificationNotes: string | null;
  verificationImageUrl: string | null;
  isAdmin: boolean;
  isTester: boolean;
  isOnline: boolean;
  needsProfileSetup: boolean;
  createdAt: string;
  /** The wallet's balance. */
  credits: number;
  /** True while `premiumSubscriptionExpiry` lies in the future (the server decides). */
  isPremium: boolean;
  /** ISO date-time; null when the member never had premium (or it was revoked). */
  premiumSubscriptionExpiry: string | null;
  premiumSource: PremiumSource | null;
};

/**
 * Another member as GET /api/user/:id shows them to this viewer: the balance only when the viewer is an admin
 * (null for everyone else).
 */
export type Member = Omit<User, 'credits'> & { credits: number | null };

export type ActionResult = { success: boolean; message?: string };

/** The answer of a change to the signed-in user's account. */
export type UserResult = ActionResult & { user?: User };
