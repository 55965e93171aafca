import { DomainError } from '@tip/platform';
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { emailField, passwordField, usernameKey } from '../domain/index.js';
import { usernameSkeleton } from '../infra/username-skeleton.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { newUserDocument } from './new-user.js';
import { profileUpdated, userRegistered } from './user-events.js';

export interface AdminCredentials {
  email: string;
  password: string;
}

const DEFAULT_ADMIN_EMAIL = 'admin@tip.local';
const credentialsSchema = z.object({ email: emailField, password: passwordField });
const call: CallInfo = { correlationId: 'identity-startup' };

/**
 * Makes sure the platform has an admin. Given credentials, that account exists, is an approved admin and has that
 * password (created, promoted or reset as needed). Without them, a first start creates admin@tip.local with a random
 * password and returns the credentials so that the launcher prints them once; later starts change nothing.
 */
export async function ensureAdmin(
  context: IdentityContext,
  admin: AdminCredentials | undefined,
): Promise<AdminCredentials | undefined> {
  if (admin) {
    const parsed = credentialsSchema.safeParse(admin);
    if (!parsed.success) {
      throw new Error(
        `the admin credentials are invalid: ${parsed.error.issues.map((issue) => issue.path).join(', ')}`,
      );
    }
    await ensureGivenAdmin(context, parsed.data);
    return undefined;
  }
  if (await context.users.anyAdmin()) return undefined;
  const email = (await context.users.emailTaken(DEFAULT_ADMIN_EMAIL))
    ? `admin-${randomBytes(3).toString('hex')}@tip.local`
    : DEFAULT_ADMIN_EMAIL;
  const credentials = { email, password: randomBytes(18).toString('base64url') };
  try {
    await createAdmin(context, credentials);
  } catch (error) {
    // Another replica created the first admin at the same moment; it prints the credentials.
    if (error instanceof DomainError && error.code === 'ALREADY_EXISTS') return undefined;
    throw error;
  }
  return credentials;
}

async function ensureGivenAdmin(context: IdentityContext, admin: AdminCredentials): Promise<void> {
  const existing = await context.users.findByEmail(admin.email);
  if (!existing) return createAdmin(context, admin);
  const passwordMatches =
    existing.passwordHash !== undefined && (await context.passwords.verify(existing.passwordHash, admin.password));
  if (passwordMatches && existing.isAdmin && existing.verificationStatus === 'approved') return;
  const passwordHash = passwordMatches ? existing.passwordHash : await context.passwords.hash(admin.password);
  const username = existing.username ?? (await freeAdminUsername(context));
  await context.users.modify(existing._id, (current) => {
    const next: UserDocument = {
      ...current,
      username,
      // A name the account already has keeps its keys.
      ...(existing.username === undefined && usernameKeysOf(username)),
      passwordHash,
      isAdmin: true,
      verificationStatus: 'approved',
      verificationNotes: undefined,
      needsProfileSetup: false,
    };
    return { next, events: [profileUpdated(next, call)] };
  });
}

async function createAdmin(context: IdentityContext, admin: AdminCredentials): Promise<void> {
  const username = await freeAdminUsername(context);
  const user = newUserDocument({
    username,
    ...usernameKeysOf(username),
    email: admin.email,
    passwordHash: await context.passwords.hash(admin.password),
    verificationStatus: 'approved',
    isAdmin: true,
    // Whoever runs the platform named this address (ADMIN_EMAIL, or the local default): nothing to confirm.
    emailConfirmedAt: new Date().toISOString(),
  });
  await context.users.insert(user, [userRegistered(user, 'bootstrap', call)]);
}

/** The platform's own admin may take a reserved name: no check but the unique indexes'. */
const usernameKeysOf = (username: string) => ({
  usernameLower: usernameKey(username),
  usernameSkeleton: usernameSkeleton(username),
});

/** "admin", or "admin" and four digits when a member already took it (or a name that looks like it). */
async function freeAdminUsername(context: IdentityContext): Promise<string> {
  for (let candidate = 'admin'; ; candidate = `admin${randomInt(1000, 10_000)}`) {
    if ((await context.users.usernameConflict(usernameKeysOf(candidate))) === null) return candidate;
  }
}
