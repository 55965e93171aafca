import { DomainError, parseInput } from '@tip/platform';
import { z } from 'zod';
import { emailField, googleProfileSetupSchema, UPLOAD_RULES, type UserView } from '../domain/index.js';
import { processImage } from '../infra/image-processing.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { newUserDocument } from './new-user.js';
import { startSecondFactorGrace } from './second-factors.js';
import { freeUsername } from './username-check.js';
import { profileUpdated, userRegistered, verificationSubmitted } from './user-events.js';
import { ownView } from './viewer.js';

/** The claims of an ID token the BFF has verified with Google, and what the user came to do. */
const googleClaimsSchema = z.object({
  subject: z.string().min(1).max(255),
  email: z.union([z.literal(''), emailField]),
  emailVerified: z.boolean(),
  givenName: z.string().trim().max(100),
  familyName: z.string().trim().max(100),
  intent: z.enum(['login', 'register']),
});
export type GoogleSignInCommand = z.input<typeof googleClaimsSchema>;

const notRegistered = () => new DomainError('NOT_FOUND', 'identity.googleNotRegistered');
const alreadyRegistered = () => new DomainError('ALREADY_EXISTS', 'identity.googleAlreadyRegistered');

/**
 * Login finds the account by its Google subject, or by a verified e-mail (linking the subject to it); register
 * creates an account that must complete its profile (username, photo) before verification. An account already
 * linked to a Google subject is never re-linked by its e-mail to another one: a Google account that now holds that
 * address (a recycled Workspace address, say) is not its owner, and is told it is not registered.
 */
export async function googleSignIn(
  context: IdentityContext,
  command: GoogleSignInCommand,
  call: CallInfo,
): Promise<UserView> {
  const claims = parseInput(googleClaimsSchema, command);
  const known = await context.users.findByGoogleSubject(claims.subject);
  const byEmail = !known && claims.email ? await context.users.findByEmail(claims.email) : null;

  if (claims.intent === 'login') {
    // An admin signing in with Google starts their grace for a second factor, as with a password.
    if (known) return ownView(await startSecondFactorGrace(context, known));
    if (!byEmail || !claims.emailVerified || byEmail.googleSubject) throw notRegistered();
    const linked = await context.users.modify(byEmail._id, (current) => {
      // Checked again on the stored document: another Google account may have linked it since it was read.
      if (current.googleSubject && current.googleSubject !== claims.subject) throw notRegistered();
      // Google vouches for the address: it counts as confirmed, and a pending confirmation has nothing left to do.
      const emailConfirmedAt = current.emailConfirmedAt ?? new Date().toISOString();
      return {
        next: { ...current, googleSubject: claims.subject, emailConfirmedAt, emailConfirmation: undefined },
        events: [],
      };
    });
    return ownView(await startSecondFactorGrace(context, linked));
  }

  if (known || byEmail) throw alreadyRegistered();
  if (!claims.email || !claims.emailVerified) {
    throw new DomainError('INVALID_ARGUMENT', 'identity.googleEmailUnverified');
  }
  const user = newUserDocument({
    email: claims.email,
    googleSubject: claims.subject,
    firstName: claims.givenName || undefined,
    lastName: claims.familyName || undefined,
    needsProfileSetup: true,
    // Google verified the address (emailVerified above): it counts as confirmed.
    emailConfirmedAt: new Date().toISOString(),
  });
  try {
    await context.users.insert(user, [userRegistered(user, 'google', call)]);
  } catch (error) {
    // Another sign-up with this account or e-mail won the race.
    if (error instanceof DomainError && error.code === 'ALREADY_EXISTS') throw alreadyRegistered();
    throw error;
  }
  return ownView(user);
}

function assertNeedsSetup(user: UserDocument): void {
  if (!user.needsProfileSetup) throw new DomainError('FAILED_PRECONDITION', 'identity.profileAlreadyComplete');
}

/** Completes a Google account: the profile fields and a verification photo (10 MB), then it waits for a decision. */
export async function setupGoogleProfile(
  context: IdentityContext,
  userId: string,
  input: Record<string, unknown>,
  photo: Buffer,
  call: CallInfo,
): Promise<UserView> {
  if (!userId) throw new DomainError('UNAUTHENTICATED', 'errors.authentication');
  const user = await context.users.get(userId);
  assertNeedsSetup(user);
  const form = parseInput(googleProfileSetupSchema, input);
  const processed = await processImage(photo, UPLOAD_RULES.googleSetup, 'jpeg');
  const usernameKeys = await freeUsername(context, form.username, user);
  const key = await context.photos.store('verification', userId, processed);
  try {
    const updated = await context.users.modify(userId, (current) => {
      assertNeedsSetup(current);
      const next: UserDocument = {
        ...current,
        username: form.username,
        ...usernameKeys,
        age: form.age,
        gender: form.gender,
        orientation: form.orientation,
        region: form.region,
        city: form.city,
        telegramUsername: form.telegramUsername,
        verificationPhotoKey: key,
        verificationStatus: 'pending',
        verificationSubmittedAt: new Date().toISOString(),
        needsProfileSetup: false,
      };
      return { next, events: [verificationSubmitted(next, call), profileUpdated(next, call)] };
    });
    return ownView(updated);
  } catch (error) {
    await context.photos.discard(key);
    throw error;
  }
}
