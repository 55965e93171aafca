import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestId, type IdentityUserOutput, type Logger } from '@tip/platform';
import { describeError } from '../http/errors.js';
import { requestIdOf } from '../http/request-id.js';
import type { Say } from '../i18n/translator.js';
import type { Sessions } from '../session/sessions.js';
import { toUserJson } from '../user-view.js';

export const CURRENT_USER_PATH = '/api/auth/user';

/** True for GET /api/auth/user (with or without a query string). */
export function isCurrentUserRequest(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  return (
    req.method === 'GET' &&
    url.startsWith(CURRENT_USER_PATH) &&
    (url.length === CURRENT_USER_PATH.length || url[CURRENT_USER_PATH.length] === '?')
  );
}

/**
 * GET /api/auth/user, the hot path: every page asks it. It runs on plain node:http ahead of Express, and costs a
 * map lookup for the token, a revocation lookup in the cache port and a map lookup for the user; only a user's
 * first request to this process verifies the token's signature or asks identity. Its successes are logged at
 * debug level only (it is polled), its failures always.
 */
export function currentUserHandler(options: { sessions: Sessions; say: Say; logger: Logger }) {
  const { sessions, say, logger } = options;
  /** The JSON of a cached user object, made once per object the cache hands out. */
  const rendered = new WeakMap<IdentityUserOutput, string>();

  const send = (res: ServerResponse, requestId: string, status: number, body: string) => {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': requestId,
    });
    res.end(body);
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = requestIdOf(req);
    withRequestId(requestId, () => sessions.authenticate(req.headers.cookie)).then(
      (session) => {
        if (!session) {
          const message = say(req, 'errors.unauthenticated');
          return send(res, requestId, 401, JSON.stringify({ message }));
        }
        let body = rendered.get(session.user);
        if (body === undefined) {
          body = JSON.stringify(toUserJson(session.user));
          rendered.set(session.user, body);
        }
        send(res, requestId, 200, body);
        if (logger.isLevelEnabled('debug')) logger.debug({ requestId, userId: session.user.id }, 'current user');
      },
      (failure: unknown) => {
        const { status, error, expected } = describeError(failure);
        if (expected) logger.warn({ err: failure, requestId }, 'current user failed');
        else logger.error({ err: failure, requestId }, 'current user failed');
        send(res, requestId, status, JSON.stringify({ message: say(req, error.messageKey, error.params) }));
      },
    );
  };
}
