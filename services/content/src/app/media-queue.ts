import { gauge } from '@tip/platform';
import type { ContentContext } from './context.js';

const queueLength = gauge(
  'tip_media_queue_length',
  'Posts whose media waits for the media worker or is being processed',
);

/**
 * The media queue as it stands: the live posts still `processing` (a post deleted meanwhile stays a tombstone in
 * that status), counted again after each change to it.
 */
export async function reportMediaQueue(context: Pick<ContentContext, 'posts'>): Promise<void> {
  queueLength.set(await context.posts.collection.count({ status: 'processing', deleted: { $ne: true } }));
}
