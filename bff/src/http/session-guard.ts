import type { RequestHandler, Response } from 'express';
import { DomainError, withRequestId } from '@tip/platform';
import type { Session, Sessions } from '../session/sessions.js';

/** Lets only requests with a live session through; the session is then `sessionOf(res)`. */
export function requireSession(sessions: Sessions): RequestHandler {
  return (req, res, next) => {
    withRequestId(String(req.id), () => sessions.authenticate(req.headers.cookie)).then((session) => {
      if (!session) return next(new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'));
      res.locals.session = session;
      next();
    }, next);
  };
}

export function sessionOf(res: Response): Session {
  const session = res.locals.session as Session | undefined;
  if (!session) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
  return session;
}
