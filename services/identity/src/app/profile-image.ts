import { UPLOAD_RULES, type UserView } from '../domain/index.js';
import { processImage } from '../infra/image-processing.js';
import type { CallInfo, IdentityContext } from './context.js';
import { profileUpdated } from './user-events.js';
import { ownView } from './viewer.js';

/** A new profile image, checked and re-encoded as WebP; the previous one is deleted once replaced. */
export async function setProfileImage(
  context: IdentityContext,
  userId: string,
  image: Buffer,
  call: CallInfo,
): Promise<UserView> {
  const processed = await processImage(image, UPLOAD_RULES.profileImage, 'webp');
  await context.users.get(userId);
  const key = await context.photos.store('profile', userId, processed);
  let replaced: string | undefined;
  try {
    const updated = await context.users.modify(userId, (current) => {
      replaced = current.profileImageKey;
      const next = { ...current, profileImageKey: key };
      return { next, events: [profileUpdated(next, call)] };
    });
    await context.photos.discard(replaced);
    return ownView(updated);
  } catch (error) {
    await context.photos.discard(key);
    throw error;
  }
}
