import { z } from 'zod';
import { GENDERS, ORIENTATIONS, PREMIUM_SOURCES, VERIFICATION_STATUSES } from '@tip/identity/domain';

export const genderSchema = z.enum(GENDERS);
export const orientationSchema = z.enum(ORIENTATIONS);
export const premiumSourceSchema = z.enum(PREMIUM_SOURCES);
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);

/**
 * A member as GET /api/user/:id shows them to this viewer: null means "not set" or "not yours to see" (identity empties
 * what the viewer may not see); the balance only for an admin.
 */
export const memberSchema = z.strictObject({
  id: z.string(),
  /** Empty while a Google account has not completed its profile (`needsProfileSetup`). */
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  age: z.number().int().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  gender: genderSchema.nullable(),
  orientation: orientationSchema.nullable(),
  telegramUsername: z.string().nullable(),
  verificationStatus: verificationStatusSchema,
  verificationNotes: z.string().nullable(),
  verificationImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isTester: z.boolean(),
  isOnline: z.boolean(),
  needsProfileSetup: z.boolean(),
  createdAt: z.string(),
  /** The wallet's balance: any member's for an admin, null for everyone else. */
  credits: z.number().int().nullable(),
  /** True while `premiumSubscriptionExpiry` lies in the future (the server decides). */
  isPremium: z.boolean(),
  /** ISO date-time; null when the member never had premium (or it was revoked). */
  premiumSubscriptionExpiry: z.string().nullable(),
  premiumSource: premiumSourceSchema.nullable(),
  /** Whether the member confirmed their e-mail address: false for whoever may not see it (only they and admins). */
  emailConfirmed: z.boolean(),
  /** Whether signing in takes a second step (an authenticator app or a passkey): false for whoever may not see it. */
  secondFactor: z.boolean(),
  /** An admin who must add a second factor has until then (ISO date-time); past it, only its set-up. */
  secondFactorDueAt: z.string().nullable(),
  /** A new address the member asked for, waiting for its code or link: null when none, or not theirs to see. */
  pendingEmail: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** The signed-in member's own user (GET /api/auth/user and the answers of profile changes), with their balance. */
export const userSchema = memberSchema.extend({ credits: z.number().int() });
export type User = z.infer<typeof userSchema>;

/** What most actions answer: done, and the server's confirmation in the member's language. */
export const actionResultSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type ActionResult = z.infer<typeof actionResultSchema>;

/**
 * An action done, with the server's confirmation in the member's language: a deletion, a report filed or moved, a
 * block lifted, premium revoked.
 */
export const doneSchema = z.strictObject({ success: z.literal(true), message: z.string() });
export type Done = z.infer<typeof doneSchema>;

/**
 * Every refusal (4xx, 5xx): why, in the member's language; the status says what kind (bff/src/http/errors.ts, the
 * platform's status map).
 */
export const refusalSchema = z.strictObject({ message: z.string() });
export type Refusal = z.infer<typeof refusalSchema>;

/**
 * POST /api/auth/register (201): the account waits for its photo's verification, and the member is signed in (its
 * cookies come with it) to take the e-mail step: the code their mail carries.
 */
export const registeredSchema = doneSchema.extend({ user: z.strictObject({ username: z.string() }) });
export type Registered = z.infer<typeof registeredSchema>;

/** The answer of a change to the signed-in user's account. */
export const userResultSchema = actionResultSchema.extend({ user: userSchema.optional() });
export type UserResult = z.infer<typeof userResultSchema>;
