import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { DomainError, parseInput, type Logger, type ServiceClient } from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import { CATEGORIES } from '@tip/content/domain';
import { encodeFeedItem } from '../content/feed-view.js';
import type { FeedPages } from '../content/feed-pages.js';
import { fastLane, type LaneAnswer } from '../http/fast-lane.js';
import type { Say } from '../i18n/translator.js';
import type { Sessions } from '../session/sessions.js';

const FEED_PATHS = new Set(['/api/posts/feed', '/api/feed']);
const CATEGORY_PREFIX = '/api/posts/category/';

const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(200).default(''),
  category: z.enum(CATEGORIES, 'content.categoryInvalid').optional(),
});
const categoryParam = z.enum(CATEGORIES, 'content.categoryInvalid');

/** The feed's paths: GET /api/posts/feed, /api/feed (both with an optional ?category=) and /api/posts/category/{c}. */
export function isFeedRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const path = (req.url ?? '').split('?', 1)[0] ?? '';
  return FEED_PATHS.has(path) || (path.startsWith(CATEGORY_PREFIX) && !path.includes('/', CATEGORY_PREFIX.length));
}

/** Which feed a request asks for; 400 for a category that is not one, or a path segment that cannot be read. */
function feedQuery(req: IncomingMessage) {
  const url = new URL(req.url ?? '/', 'http://feed');
  const query = parseInput(feedQuerySchema, Object.fromEntries(url.searchParams));
  if (!url.pathname.startsWith(CATEGORY_PREFIX)) return { ...query, category: query.category ?? '' };
  let segment: string;
  try {
    segment = decodeURIComponent(url.pathname.slice(CATEGORY_PREFIX.length));
  } catch {
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
  }
  return { ...query, category: parseInput(categoryParam, segment) };
}

/**
 * The feed, the app's home and its hottest page: a fast lane ahead of Express. A member's page is rendered by
 * content once and served again, with the like counts of the moment, while nothing else it shows has changed
 * (FeedPages); the next page's cursor travels in X-Next-Cursor.
 */
export function feedHandler(options: {
  sessions: Sessions;
  content: Pick<ServiceClient<ContentDefinition>, 'Feed'>;
  pages: FeedPages;
  say: Say;
  logger: Logger;
}) {
  const { sessions, content, pages, say } = options;
  return fastLane({ name: 'feed', say, logger: options.logger }, async (req): Promise<LaneAnswer> => {
    const session = await sessions.authenticate(req.headers.cookie);
    if (!session) return { status: 401, body: JSON.stringify({ message: say(req, 'errors.unauthenticated') }) };
    const { category, cursor, limit } = feedQuery(req);
    const viewerId = session.user.id;
    const page = await pages.get(viewerId, `${viewerId}|${category}|${cursor}|${limit}`, async () => {
      // Content alone decides what the viewer sees (blocks included: a block is answered once content has it).
      const { items, nextCursor } = await content.Feed({ viewerId, category, cursor, limit });
      return { items: items.map(encodeFeedItem), nextCursor };
    });
    const headers: Record<string, string> = page.nextCursor ? { 'X-Next-Cursor': page.nextCursor } : {};
    return { status: 200, body: page.body, headers };
  });
}
