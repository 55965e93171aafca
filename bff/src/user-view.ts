import type { IdentityUserOutput } from '@tip/platform';

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
  /** 0 until the wallet exists. */
  credits: number;
}

const orNull = (value: string): string | null => (value === '' ? null : value);
const enumOrNull = (value: string): string | null => (value.endsWith('_UNSPECIFIED') ? null : value);

/** What identity returned for this viewer (it empties what the viewer may not see), empty values as null. */
export function toUserJson(user: IdentityUserOutput): UserJson {
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
    credits: 0,
  };
}
