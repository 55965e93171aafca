import type { Logger } from '@tip/platform';
import type { Engagement } from './engagement.js';
import { RECENT_COMMENTS_KEPT, type PostRepository } from './post-repository.js';

/** Posts read per page: the backfill runs beside the service's work and yields between pages. */
const PAGE = 500;

/**
 * Posts commented before posts kept copies of their newest comments (a data directory from an earlier version, or
 * one imported from the format before) get them, in the background after every start: a pass over the posts that
 * lack them, which finds none once done. Until then their feed items read the comments collection, as before. A
 * stop interrupts it, and the next start carries on.
 */
export async function backfillRecentComments(
  posts: PostRepository,
  engagement: Engagement,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  let after = '';
  let filled = 0;
  for (;;) {
    const page = await posts.collection.find(
      { _id: { $gt: after }, commentCount: { $gt: 0 }, recentComments: { $exists: false }, deleted: { $ne: true } },
      { sort: { _id: 1 }, limit: PAGE },
    );
    for (const post of page) {
      if (signal.aborted) return;
      const newest = await engagement.latestComments(post._id, RECENT_COMMENTS_KEPT, new Set());
      // Only if no comment was counted or taken away since the post was read: a comment erased meanwhile would
      // otherwise keep a copy here, and one added meanwhile keeps its own (the post then has copies, if not all).
      const copied = await posts.collection.updateOne(
        { _id: post._id, commentCount: post.commentCount, recentComments: { $exists: false } },
        { $set: { recentComments: newest } },
      );
      if (copied) filled += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last._id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (filled > 0)
    logger.info({ posts: filled }, 'copied the newest comments onto posts commented before posts kept them');
}
