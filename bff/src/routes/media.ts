import { parseInput } from '@tip/platform';
import { Router, type RequestHandler } from 'express';
import type { BffContext } from '../context.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

type PhotoKind = 'profile' | 'verification';

/** Profile photos may sit in a browser's cache a while; verification photos are never stored anywhere. */
const CACHE_CONTROL: Record<PhotoKind, string> = {
  profile: 'private, max-age=300',
  verification: 'private, no-store',
};

/**
 * Photos, through identity's GetPhoto, which decides who may see what: any member a profile photo, only the owner
 * and admins a verification photo. Served at fixed paths (as profile and verification photo URLs were first written)
 * and at the versioned URLs identity hands out.
 */
export function mediaRoutes(context: BffContext): Router {
  const { identity, sessions } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  const photo = (kind: PhotoKind, param: string): RequestHandler =>
    handle(async (req, res) => {
      const ownerId = parseInput(idParam, req.params[param]);
      const { content, contentType } = await identity.GetPhoto({ ownerId, kind, viewerId: sessionOf(res).user.id });
      res.set('Cache-Control', CACHE_CONTROL[kind]).type(contentType).send(content);
    });

  router.get('/api/media/profile/:userId', signedIn, photo('profile', 'userId'));
  router.get('/api/users/:id/verification-photo', signedIn, photo('verification', 'id'));
  router.get('/api/users/:id/photos/profile', signedIn, photo('profile', 'id'));
  router.get('/api/users/:id/photos/verification', signedIn, photo('verification', 'id'));

  return router;
}
