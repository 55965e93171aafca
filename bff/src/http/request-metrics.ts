import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration, latencyOf } from '@tip/platform';

/** What Express matched: its route template (`/api/posts/:id/like`), so that ids do not make a series each. */
export function expressRoute(req: IncomingMessage): string {
  const matched = req as IncomingMessage & { baseUrl?: string; route?: { path?: unknown } };
  if (typeof matched.route?.path === 'string') return `${matched.baseUrl ?? ''}${matched.route.path}`;
  return req.url?.startsWith('/api/') ? 'unmatched' : 'web app';
}

const timed = latencyOf(httpRequestDuration());

/** Times the request until its answer is sent, under the route `routeOf` names once it is known. */
export function measureRequest(req: IncomingMessage, res: ServerResponse, routeOf: (req: IncomingMessage) => string) {
  const done = timed();
  res.once('finish', () =>
    done({ method: req.method ?? 'GET', route: routeOf(req), status_class: `${Math.floor(res.statusCode / 100)}xx` }),
  );
}
