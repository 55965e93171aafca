import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestId, type IdentityUserOutput, type Logger } from '@tip/platform';
import { describeError } from '../http/errors.js';
import { requestIdOf } from '../http/request-id.js';
import type { Say } from '../i18n/translator.js';
import type { Sessions } from '../session/sessions.js';
import { toUserJson } from '../user-view.js';
import type { Balances } from '../wallet/balances.js';

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
 * map lookup for the token, a revocation lookup in the cache port and map lookups for the user and the balance;
 * only a user's first request to this process verifies the token's signature or asks identity and the wallet. Its successes are logged at
 * debug level only (it is polled), its failures always.
 */
export function currentUserHandler(options: { sessions: Sessions; balances: Balances; say: Say; logger: Logger }) {
  const { sessions, balances, say, logger } = options;
  /** The JSON of a cached user object at a balance, made once per object and balance. */
  const rendered = new WeakMap<IdentityUserOutput, { credits: number; body: string }>();

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
    withRequestId(requestId, async () => {
      const session = await sessions.authenticate(req.headers.cookie);
      return session && { user: session.user, credits: await balances.get(session.user.id) };
    }).then(
      (signedIn) => {
        if (!signedIn) {
          const message = say(req, 'errors.unauthenticated');
          return send(res, requestId, 401, JSON.stringify({ message }));
        }
        const { user, credits } = signedIn;
        let json = rendered.get(user);
        if (json?.credits !== credits) {
          json = { credits, body: JSON.stringify(toUserJson(user, credits)) };
          rendered.set(user, json);
        }
        send(res, requestId, 200, json.body);
        if (logger.isLevelEnabled('debug')) logger.debug({ requestId, userId: user.id }, 'current user');
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
