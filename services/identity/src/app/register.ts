import { DomainError, parseInput, type Language } from '@tip/platform';
import { registrationSchema, UPLOAD_RULES, type UserView } from '../domain/index.js';
import { processImage } from '../infra/image-processing.js';
import type { CallInfo, IdentityContext } from './context.js';
import { mailEmailConfirmation, newConfirmationSecrets, pendingConfirmation } from './email-confirmation.js';
import { newUserDocument } from './new-user.js';
import { freeUsername } from './username-check.js';
import { userRegistered, verificationSubmitted } from './user-events.js';
import { ownView } from './viewer.js';

export interface RegisterCommand {
  /** The form's fields, as they came (strings from multipart; the schema parses them). */
  form: Record<string, unknown>;
  verificationPhoto: Buffer;
  /** The interface's language: the member's mails are written in it. */
  language: Language;
}

/**
 * A new member, pending verification, with a code and a link to confirm their address on their way by mail. Every check (form, photo content, free username and e-mail) passes before
 * the first write; the unique indexes still decide a race between two registrations.
 */
export async function register(context: IdentityContext, command: RegisterCommand, call: CallInfo): Promise<UserView> {
  const form = parseInput(registrationSchema, command.form);
  const photo = await processImage(command.verificationPhoto, UPLOAD_RULES.registration, 'jpeg');
  const usernameKeys = await freeUsername(context, form.username);
  if (await context.users.emailTaken(form.email)) throw new DomainError('ALREADY_EXISTS', 'identity.emailTaken');
  const passwordHash = await context.passwords.hash(form.password);

  const now = new Date().toISOString();
  const confirmation = newConfirmationSecrets();
  const user = newUserDocument({
    username: form.username,
    ...usernameKeys,
    email: form.email,
    passwordHash,
    gender: form.gender,
    orientation: form.orientation,
    telegramUsername: form.telegramUsername,
    age: form.age,
    region: form.region,
    city: form.city,
    verificationStatus: 'pending',
    verificationSubmittedAt: now,
    language: command.language,
    emailConfirmation: pendingConfirmation(confirmation),
    createdAt: now,
    updatedAt: now,
  });
  user.verificationPhotoKey = await context.photos.store('verification', user._id, photo);
  try {
    await context.users.insert(user, [verificationSubmitted(user, call), userRegistered(user, 'password', call)]);
  } catch (error) {
    await context.photos.discard(user.verificationPhotoKey);
    throw error;
  }
  await mailEmailConfirmation(context, user, confirmation);
  return ownView(user);
}
