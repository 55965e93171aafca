import { parseInput } from '@tip/platform';
import { profileUpdateSchema, reviewOfGender, type UserView } from '../domain/index.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { freeUsername } from './username-check.js';
import { profileUpdated, verificationSubmitted } from './user-events.js';
import { ownView } from './viewer.js';

/**
 * The personal-info form: replaces its fields (see profileUpdateSchema); a new username must be free (freeUsername). A change of
 * the gender an approval established sends the account back to verification (see reviewOfGender).
 */
export async function updateProfile(
  context: IdentityContext,
  userId: string,
  input: Record<string, unknown>,
  call: CallInfo,
): Promise<UserView> {
  const form = parseInput(profileUpdateSchema, input);
  const usernameKeys = await freeUsername(context, form.username, await context.users.get(userId));
  const updated = await context.users.modify(userId, (current) => {
    const next: UserDocument = {
      ...current,
      username: form.username,
      ...usernameKeys,
      bio: form.bio,
      age: form.age,
      region: form.region,
      city: form.city,
      gender: form.gender ?? current.gender,
      orientation: form.orientation ?? current.orientation,
      telegramUsername: form.telegramUsername,
    };
    const review = next.gender ? reviewOfGender(current, next.gender) : null;
    if (!review) return { next, events: [profileUpdated(next, call)] };
    const waiting: UserDocument = {
      ...next,
      ...review,
      verificationNotes: undefined,
      // In the queue from now; a member already waiting keeps their place.
      verificationSubmittedAt:
        current.verificationStatus === 'pending' ? current.verificationSubmittedAt : new Date().toISOString(),
    };
    return { next: waiting, events: [verificationSubmitted(waiting, call), profileUpdated(waiting, call)] };
  });
  return ownView(updated);
}
