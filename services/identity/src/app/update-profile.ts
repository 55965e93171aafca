import { DomainError, parseInput } from '@tip/platform';
import { profileUpdateSchema, usernameKey, type UserView } from '../domain/index.js';
import type { CallInfo, IdentityContext } from './context.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** The personal-info form: replaces its fields (see profileUpdateSchema); a new username must be free. */
export async function updateProfile(
  context: IdentityContext,
  userId: string,
  input: Record<string, unknown>,
  call: CallInfo,
): Promise<UserView> {
  const form = parseInput(profileUpdateSchema, input);
  const usernameLower = usernameKey(form.username);
  if (await context.users.usernameTaken(usernameLower, userId)) {
    throw new DomainError('ALREADY_EXISTS', 'identity.usernameTaken');
  }
  const updated = await context.users.modify(userId, (current) => {
    const next = {
      ...current,
      username: form.username,
      usernameLower,
      bio: form.bio,
      age: form.age,
      region: form.region,
      city: form.city,
      gender: form.gender ?? current.gender,
      orientation: form.orientation ?? current.orientation,
      telegramUsername: form.telegramUsername,
    };
    return { next, events: [profileUpdated(next, call)] };
  });
  return ownView(updated);
}
