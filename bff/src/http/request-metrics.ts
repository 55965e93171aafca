import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration } from '@tip/platform';

/** What Express matched: its route template (`/api/posts/:id/like`), so that ids do not make a series each. */
export function expressRoute(req: IncomingMessage): string {
  const matched = req as IncomingMessage & { baseUrl?: string; route?: { path?: unknown } };
  if (typeof matched.route?.path === 'string') return `${matched.baseUrl ?? ''}${matched.route.path}`;
  return req.url?.startsWith('/api/') ? 'unmatched' : 'web app';
}

type Series = ReturnType<ReturnType<typeof httpRequestDuration>['labels']>;
/**
 * Each series' child, kept: finding it by its labels at every request costs the hottest lanes (tens of thousands of
 * requests a second) more than the rest of their metrics.
 */
const seriesByKey = new Map<string, Series>();

/** Times the request until its answer is sent, under the route `routeOf` names once it is known. */
export function measureRequest(req: IncomingMessage, res: ServerResponse, routeOf: (req: IncomingMessage) => string) {
  const started = performance.now();
  res.once('finish', () => {
    const method = req.method ?? 'GET';
    const route = routeOf(req);
    const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
    const key = `${method} ${route} ${statusClass}`;
    let series = seriesByKey.get(key);
    if (!series) {
      series = httpRequestDuration().labels({ method, route, status_class: statusClass });
      seriesByKey.set(key, series);
    }
    series.observe((performance.now() - started) / 1000);
  });
}
