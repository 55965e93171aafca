import { z } from 'zod';
import { emailField } from './fields.js';
import { currentPasswordField } from './password-change.js';

/**
 * POST /api/auth/email/change, and the profile's form: the new address and the current password (the same proof a
 * password change asks for, so that a session left open on another's device cannot move the account's way back in).
 */
export const emailChangeSchema = z.object({ newEmail: emailField, currentPassword: currentPasswordField });
export type EmailChange = z.output<typeof emailChangeSchema>;

/** What the change rule needs to know of the member. */
export interface EmailOnRecord {
  email?: string;
  /** Whether the account has a password: a Google account without one has none to prove the change with. */
  hasPassword: boolean;
}

/**
 * Why the member may not ask for `newEmail`, as the message key they read, or null when they may (the address must
 * then be free, which identity checks against the other accounts). A Google account without a password is refused:
 * its address is the one Google vouched for, and it has no password to prove the request with.
 */
export function emailChangeRefusal(member: EmailOnRecord, newEmail: string): string | null {
  if (!member.hasPassword) return 'identity.emailChangeNeedsPassword';
  if (newEmail === member.email) return 'identity.emailChangeSame';
  return null;
}

/**
 * The address a confirmation makes the account's: the new one of a change the member asked for, else the one they
 * registered with. `previous` is the address the change leaves, which is told of it.
 */
export function confirmedAddress(
  member: { email?: string },
  pending: { newEmail?: string },
): { email?: string; previous?: string } {
  if (pending.newEmail === undefined || pending.newEmail === member.email) return { email: member.email };
  return { email: pending.newEmail, previous: member.email };
}
