import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@tip/platform';

/**
 * Every identity event is about one user and travels keyed by the user id, so a user's events stay in order; a
 * block's events are keyed by the pair. The topic is compacted by key (only the latest event of a key is kept), so
 * every write about a user ends with an event carrying the user's whole public state (UserRegistered or
 * ProfileUpdated), or with UserDeleted, which carries nothing personal: once compacted, a deleted member's earlier
 * events are gone from the log.
 */
export const IDENTITY_USERS_TOPIC = 'identity.users';

/** The key of a block's events: the latest one (blocked or unblocked) is the pair's state. */
export const blockKey = (blockerId: string, blockedId: string) => `${blockerId}>${blockedId}`;

const gender = z.enum(['male', 'female']);
const verificationStatus = z.enum(['unverified', 'pending', 'approved', 'rejected']);
/** Why a member blocked another (docs/product.md#blocks). */
const blockReason = z.enum(['harassment', 'spam', 'inappropriate', 'fake', 'other']);

/**
 * What other services keep about a user (authors in the feed, chat partners, the admin lists): the whole public
 * state they use, and nothing more. Age, city, region, bio and sexual orientation are personal data no consumer
 * needs, so they never travel; nor do the e-mail, the Telegram handle (content sells its reveal knowing only that
 * there is one; the BFF then asks identity), the password hash, the verification photo and notes. Null means "not
 * set": a Google account has no username until it completes its profile.
 */
export const userProfileSchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Content keeps men out of patate and women out of melanzana. */
  gender: gender.nullable(),
  hasTelegram: z.boolean(),
  verificationStatus,
  isAdmin: z.boolean(),
  isTester: z.boolean(),
  premiumSubscriptionExpiry: z.string().nullable(),
  premiumSource: z.enum(['purchased', 'admin_grant']).nullable(),
  createdAt: z.string(),
});
export type UserProfilePayload = z.infer<typeof userProfileSchema>;

/** A new account (its e-mail never travels: the admin console asks identity). */
export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: userProfileSchema.extend({ method: z.enum(['password', 'google', 'bootstrap']) }),
});

/**
 * The gender an approved photo established (`from`) and the one the member chose since (`to`): the account waits
 * for an admin again, who sees what changed.
 */
export const genderChangeSchema = z.object({ from: gender, to: gender });
export type GenderChange = z.infer<typeof genderChangeSchema>;

/**
 * A verification photo waits for an admin's decision (the console reads the member from identity): a new photo, or
 * the one on file after an approved member changed gender (`genderChange`, carried as long as the account waits).
 */
export const VerificationSubmitted = defineEvent({
  type: 'VerificationSubmitted',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string(), submittedAt: z.string(), genderChange: genderChangeSchema.optional() }),
});

/** The user's profile as it is now (any change: fields, image, verification status, roles). */
export const ProfileUpdated = defineEvent({
  type: 'ProfileUpdated',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: userProfileSchema,
});

/**
 * A member's premium changed: bought (with the payment), granted or revoked by an admin (naming the admin, for the
 * audit log). ProfileUpdated follows with the same state.
 */
export const PremiumChanged = defineEvent({
  type: 'PremiumChanged',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({
    userId: z.string(),
    change: z.enum(['purchased', 'granted', 'revoked']),
    premiumSubscriptionExpiry: z.string().nullable(),
    premiumSource: z.enum(['purchased', 'admin_grant']).nullable(),
    months: z.number().int().positive().optional(),
    paymentId: z.string().optional(),
    adminId: z.string().optional(),
  }),
});

/** An admin made a member a tester or took the flag away (the profile's ProfileUpdated follows). */
export const TesterFlagChanged = defineEvent({
  type: 'TesterFlagChanged',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string(), isTester: z.boolean(), adminId: z.string() }),
});

/** The member confirmed their e-mail address (ids only: the address never travels). ProfileUpdated follows. */
export const EmailConfirmed = defineEvent({
  type: 'EmailConfirmed',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string() }),
});

/**
 * The member chose a new password through a reset link: every session they had is over (ids only). ProfileUpdated
 * follows, which makes the BFFs read the member again and so refuse the older sessions.
 */
export const PasswordReset = defineEvent({
  type: 'PasswordReset',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string() }),
});

/**
 * The member added a second factor (an authenticator app or a passkey; ids only). Their other sessions end by the
 * session store's SessionEnded; ProfileUpdated follows.
 */
export const SecondFactorAdded = defineEvent({
  type: 'SecondFactorAdded',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string() }),
});

/**
 * The account is gone: every service erases what it holds about the user (the wallet keeps a pseudonymised ledger).
 * `adminId` when an admin deleted it, for the audit log.
 */
export const UserDeleted = defineEvent({
  type: 'UserDeleted',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ userId: z.string(), deletedAt: z.string(), adminId: z.string().optional() }),
});

/**
 * A member blocked another: from now on neither sees the other's posts nor messages the other (blocking is mutual).
 * Keyed by the pair (blockKey); blocking someone already blocked publishes nothing.
 */
export const UserBlocked = defineEvent({
  type: 'UserBlocked',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({
    blockerId: z.string(),
    blockedId: z.string(),
    reason: blockReason,
    blockedAt: z.string(),
  }),
});

/**
 * A block is lifted: by the blocker, or because either member deleted the account. Keyed by the pair, so it comes
 * after the UserBlocked it lifts.
 */
export const UserUnblocked = defineEvent({
  type: 'UserUnblocked',
  version: 1,
  topic: IDENTITY_USERS_TOPIC,
  schema: z.object({ blockerId: z.string(), blockedId: z.string() }),
});

export type UserRegisteredPayload = PayloadOf<typeof UserRegistered>;
export type VerificationSubmittedPayload = PayloadOf<typeof VerificationSubmitted>;
export type ProfileUpdatedPayload = PayloadOf<typeof ProfileUpdated>;
export type PremiumChangedPayload = PayloadOf<typeof PremiumChanged>;
export type UserDeletedPayload = PayloadOf<typeof UserDeleted>;
export type UserBlockedPayload = PayloadOf<typeof UserBlocked>;
export type UserUnblockedPayload = PayloadOf<typeof UserUnblocked>;

/** Every event identity publishes: a consumer that any change of a member concerns follows them all. */
export const IDENTITY_EVENTS = [
  UserRegistered,
  VerificationSubmitted,
  ProfileUpdated,
  PremiumChanged,
  TesterFlagChanged,
  UserDeleted,
  UserBlocked,
  UserUnblocked,
  EmailConfirmed,
  PasswordReset,
  SecondFactorAdded,
];
