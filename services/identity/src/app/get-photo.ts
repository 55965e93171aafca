import { DomainError, type StoredObject } from '@tip/platform';
import { mayViewPhoto, type PhotoKind } from '../domain/index.js';
import type { IdentityContext } from './context.js';
import { resolveViewer } from './viewer.js';

/** A user's profile or verification photo, for a viewer allowed to see it. */
export async function getPhoto(
  context: IdentityContext,
  request: { ownerId: string; kind: PhotoKind; viewerId: string },
): Promise<StoredObject> {
  const viewer = await resolveViewer(context, request.viewerId);
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
  const owner = request.ownerId ? await context.users.findById(request.ownerId) : null;
  if (!owner) throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  if (!mayViewPhoto(request.kind, owner._id, viewer)) throw new DomainError('PERMISSION_DENIED', 'errors.forbidden');
  const key = request.kind === 'profile' ? owner.profileImageKey : owner.verificationPhotoKey;
  const photo = key ? await context.photos.get(key) : null;
  if (!photo) throw new DomainError('NOT_FOUND', 'identity.photoNotFound');
  return photo;
}
