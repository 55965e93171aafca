import type { IncomingMessage } from 'node:http';
import type { Logger } from '@tip/platform';
import type { IdentityUserOutput } from '@tip/identity/contract';
import { fastLane } from '../http/fast-lane.js';
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
 * GET /api/auth/user, the hot path: every page asks it. It runs in a fast lane ahead of Express, and costs a map
 * lookup for the token, a revocation lookup in the cache port and map lookups for the user and the balance; only a
 * user's first request to this process verifies the token's signature or asks identity and the wallet.
 */
export function currentUserHandler(options: { sessions: Sessions; balances: Balances; say: Say; logger: Logger }) {
  const { sessions, balances, say } = options;
  /** The JSON of a cached user object at a balance, made (and, when large, compressed) once per object and balance. */
  const rendered = new WeakMap<IdentityUserOutput, { credits: number; body: Buffer }>();

  return fastLane({ name: 'current user', say, logger: options.logger }, async (req) => {
    const session = await sessions.authenticate(req.headers.cookie);
    if (!session) return { status: 401, body: JSON.stringify({ message: say(req, 'errors.unauthenticated') }) };
    const { user } = session;
    const credits = await balances.get(user.id);
    let json = rendered.get(user);
    if (json?.credits !== credits) {
      json = { credits, body: Buffer.from(JSON.stringify(toUserJson(user, credits))) };
      rendered.set(user, json);
    }
    return { status: 200, body: json.body };
  });
}
