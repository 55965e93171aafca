import { unusedRecoveryCodes, type PhotoKind } from '../domain/index.js';
import type { UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { listSessions } from './sessions.js';

/**
 * Fields of a user's document the export leaves out: the password hash and the one-time secrets' hashes, keys that only identity's infrastructure
 * reads (the username's lookup keys, Google's subject id, where the photos are stored) and the store's bookkeeping.
 * Every other field is exported, so a field added to the document one day is in the export without anyone thinking
 * of it (a test checks that the two lists together are the whole document).
 */
export const FIELDS_NOT_EXPORTED = [
  '_id',
  'passwordHash',
  // Hashes of a pending confirmation's code and link and of a reset link: secrets, not the member's data.
  'emailConfirmation',
  'passwordReset',
  // The second factors' secrets, keys and codes; the export names the factors in a section of its own.
  'secondFactors',
  'usernameLower',
  'usernameSkeleton',
  'googleSubject',
  'profileImageKey',
  'verificationPhotoKey',
  'revision',
  '_outbox',
  'deleted',
  'deletedAt',
] as const satisfies readonly (keyof UserDocument)[];

/** Fields exported in their own sections rather than with the profile. */
const VERIFICATION_FIELDS = [
  'verificationStatus',
  'verificationNotes',
  'verificationSubmittedAt',
  'genderChange',
] as const;
const PREMIUM_FIELDS = ['premiumSubscriptionExpiry', 'premiumSource', 'premiumPaymentIds'] as const;

export interface IdentityExport {
  json: string;
  /** The photos to put beside identity.json, fetched through GetPhoto by the member themself. */
  photos: { kind: PhotoKind; path: string }[];
}

/** Where a photo goes in the archive: its kind, with the extension of the stored file (jpg, webp). */
function photoPath(kind: PhotoKind, key: string | undefined): string | null {
  if (!key) return null;
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return `media/${kind}-photo.${extension}`;
}

function without(doc: UserDocument, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([field]) => !fields.includes(field)));
}

/**
 * Everything identity holds about the member, for their data export: the profile (every stored field but those
 * above), their verification (status, an admin's notes, when the photo was sent; identity keeps the latest only,
 * moderation's export has the decisions), their premium, their second factors (names and dates), their live
 * sessions, the mails sent to them, and the blocks they made (the blocked member by id). That
 * someone blocked them is the blocker's data and is not exported (README, "Your data").
 */
export async function exportMember(context: IdentityContext, userId: string): Promise<IdentityExport> {
  const user = await context.users.get(userId);
  const [blocks, sessions, mailsSent] = await Promise.all([
    context.blocks.blockedBy(userId),
    listSessions(context, userId),
    context.mail.queue.sentTo(userId),
  ]);
  const profilePhoto = photoPath('profile', user.profileImageKey);
  const verificationPhoto = photoPath('verification', user.verificationPhotoKey);
  const factors = user.secondFactors;
  const data = {
    profile: {
      id: user._id,
      ...without(user, [...FIELDS_NOT_EXPORTED, ...VERIFICATION_FIELDS, ...PREMIUM_FIELDS]),
      signsInWithGoogle: user.googleSubject !== undefined,
      signsInWithPassword: user.passwordHash !== undefined,
      // A new address asked for and not yet confirmed: the member's data, kept apart from the secrets beside it.
      pendingEmail: user.emailConfirmation?.newEmail ?? null,
      profilePhoto,
    },
    verification: {
      status: user.verificationStatus,
      notes: user.verificationNotes ?? null,
      submittedAt: user.verificationSubmittedAt ?? null,
      genderChange: user.genderChange ?? null,
      photo: verificationPhoto,
    },
    premium: {
      expiresAt: user.premiumSubscriptionExpiry ?? null,
      source: user.premiumSource ?? null,
      paymentsApplied: user.premiumPaymentIds ?? [],
    },
    secondFactors: {
      authenticatorApp: factors?.totp ? { addedAt: factors.totp.addedAt } : null,
      passkeys: (factors?.passkeys ?? []).map((passkey) => ({
        name: passkey.name,
        addedAt: passkey.addedAt,
        lastUsedAt: passkey.lastUsedAt ?? null,
      })),
      recoveryCodesLeft: unusedRecoveryCodes(factors?.recoveryCodes ?? []),
    },
    // Where they are signed in now (ended sessions go), and the mails sent to them (never a mail's link or body).
    sessions: sessions.map(({ device, browser, os, firstSeenAt, lastSeenAt }) => ({
      device,
      browser,
      os,
      firstSeenAt,
      lastSeenAt,
    })),
    mailsSent: mailsSent.map(({ to, subject, sentAt }) => ({ to, subject, sentAt })),
    blocksMade: blocks.map((block) => ({
      blockedUserId: block.blockedId,
      reason: block.reason,
      blockedAt: block.blockedAt,
    })),
  };
  const photos: IdentityExport['photos'] = [];
  if (profilePhoto) photos.push({ kind: 'profile', path: profilePhoto });
  if (verificationPhoto) photos.push({ kind: 'verification', path: verificationPhoto });
  return { json: JSON.stringify(data, null, 2), photos };
}
