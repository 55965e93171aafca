import type { Gender, Orientation, VerificationStatus } from '@tip/identity/domain';

export type { Gender, Orientation, VerificationStatus };

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
  /** The wallet's balance; absent or 0 until the wallet exists. */
  credits?: number;
};

export type ActionResult = { success: boolean; message?: string };

/** The answer of a change to the signed-in user's account. */
export type UserResult = ActionResult & { user?: User };
