import type { RequestHandler, Response } from 'express';
import { DomainError } from '@tip/platform';
import { secondFactorSetupOverdue } from '@tip/identity/domain';
import type { Session, Sessions } from '../session/sessions.js';
import { inRequest } from './handle.js';

/**
 * Lets only requests with a live session through; the session is then `sessionOf(res)`. An admin past their grace
 * without a second factor reaches only its set-up (`secondFactorSetup` routes): everything else answers 403.
 */
export function requireSession(sessions: Sessions, options: { secondFactorSetup?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    inRequest(req, () => sessions.authenticate(req.headers.cookie)).then((session) => {
      if (!session) return next(new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'));
      if (!options.secondFactorSetup && mustSetUpSecondFactor(session)) {
        return next(new DomainError('PERMISSION_DENIED', 'identity.secondFactorSetupRequired'));
      }
      res.locals.session = session;
      next();
    }, next);
  };
}

/** An admin whose grace to add a second factor (ADMIN_SECOND_FACTOR=required) is over, without one. */
export function mustSetUpSecondFactor({ user }: Session, now = new Date()): boolean {
  const dueAt = user.secondFactorDueAt === '' ? undefined : user.secondFactorDueAt;
  return secondFactorSetupOverdue(
    { isAdmin: user.isAdmin, secondFactor: user.secondFactor, secondFactorDueAt: dueAt },
    now,
  );
}

/** Lets only admins through (401 for visitors, 403 for members): the role is identity's, read from the session. */
export function requireAdmin(sessions: Sessions): RequestHandler {
  const signedIn = requireSession(sessions);
  return (req, res, next) =>
    signedIn(req, res, (error?: unknown) => {
      if (error) return next(error);
      next(sessionOf(res).user.isAdmin ? undefined : new DomainError('PERMISSION_DENIED', 'errors.adminOnly'));
    });
}

export function sessionOf(res: Response): Session {
  const session = res.locals.session as Session | undefined;
  if (!session) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
  return session;
}
