/**
 * The feed's live mix, as the feed bench measures it and the media bench measures it beside the worker: 64
 * connections, each signed in as one of the members, each request drawn at random: 70% the first page of
 * GET /api/posts/feed, 20% the next page by the cursor (X-Next-Cursor) that the connection's last first page gave, 7% a
 * like toggled on a post of that page, 3% that post's comments.
 */
import autocannon from 'autocannon';
import { DURATION_S } from './measure.js';
import { call, type Session } from './members.js';

export const LIVE_CONNECTIONS = 64;
const FIRST_PAGE = '/api/posts/feed?limit=20';
export const KINDS = ['first page', 'next page', 'like', 'comments'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * The live mix against `base`: each connection a member, knowing what its member's last first page showed; any
 * answer but 2xx fails the bench, except, with `countBusy`, the admission gate's 503 'server busy', which is counted
 * (`busy`): how often the platform shed load is then part of what is measured; with `countTimeouts`, a request
 * unanswered after autocannon's 10 s is counted too (`timeouts`; a machine loaded by more than the bench).
 * `answeredRps` counts 2xx answers only.
 */
export async function liveMix(
  base: string,
  members: Session[],
  headers: Record<string, string> = {},
  { countBusy = false, countTimeouts = false } = {},
) {
  const done = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const refused: string[] = [];
  let busy = 0;
  let connections = 0;
  // A compressed first page cannot be read here (autocannon does not decode it): what each member's first page shows
  // is read beforehand (fetch decodes).
  const compressed = Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding');
  const firstPages = new Map<string, string[]>();
  if (compressed)
    for (const member of members) {
      const page = await call(base, FIRST_PAGE, { cookie: member.cookie });
      firstPages.set(
        member.id,
        ((await page.json()) as { post: { id: string } }[]).map((item) => item.post.id),
      );
    }
  const result = await autocannon({
    url: `${base}${FIRST_PAGE}`,
    connections: LIVE_CONNECTIONS,
    duration: DURATION_S,
    setupClient: (client) => {
      const member = members[connections++ % members.length] as Session;
      let cursor = '';
      let seen: string[] = firstPages.get(member.id) ?? [];
      let kind: Kind = 'first page';
      client.setRequests([
        {
          setupRequest: (request) => {
            const roll = Math.random();
            // A connection starts on its first page: the other kinds need what it shows.
            kind =
              seen.length === 0 || roll < 0.7
                ? 'first page'
                : roll < 0.9
                  ? 'next page'
                  : roll < 0.97
                    ? 'like'
                    : 'comments';
            const post = seen[Math.floor(Math.random() * seen.length)] ?? '';
            const path = {
              'first page': FIRST_PAGE,
              'next page': `${FIRST_PAGE}&cursor=${encodeURIComponent(cursor)}`,
              like: `/api/posts/${post}/like`,
              comments: `/api/posts/${post}/comments`,
            }[kind];
            const method = kind === 'like' ? 'POST' : 'GET';
            return { ...request, method, path, headers: { ...request.headers, ...headers, cookie: member.cookie } };
          },
          onResponse: (status, body, _context, headers) => {
            if (countBusy && status === 503) {
              busy += 1;
              return;
            }
            if (status < 200 || status >= 300) {
              refused.push(`${kind}: ${status} ${body.slice(0, 200)}`);
              return;
            }
            done[kind] += 1;
            if (kind !== 'first page') return;
            const next = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'x-next-cursor')?.[1];
            if (typeof next === 'string') cursor = next;
            else refused.push('a first page without X-Next-Cursor');
            if (seen.length === 0) seen = (JSON.parse(body) as { post: { id: string } }[]).map((item) => item.post.id);
          },
        },
      ]);
    },
  });
  const timeouts = countTimeouts ? result.timeouts : 0;
  if (result.non2xx > busy || result.errors > timeouts || refused.length > 0) {
    throw new Error(
      `live mix: ${result.non2xx} non-2xx answers (${busy} busy) and ${result.errors} errors (${result.timeouts} timeouts) under load, by status ${JSON.stringify(result.statusCodeStats)}: ${refused.slice(0, 5).join('; ')}`,
    );
  }
  const answered = Object.values(done).reduce((sum, count) => sum + count, 0);
  return {
    rps: result.requests.average,
    answeredRps: answered / DURATION_S,
    p50: result.latency.p50,
    p99: result.latency.p99,
    done,
    busy,
    timeouts,
  };
}
