import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceClient } from '@tip/platform';
import type { ContentDefinition, ContentFeedItem } from '@tip/content/contract';

/**
 * How long the composer's answer waits for the media worker to make a photo ready: a few milliseconds usually, seconds
 * when the worker is busy with videos. Past it the answer says the photo is being processed (docs/decisions.md).
 */
export const PHOTO_WAIT_MS = 10_000;
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 250;

/**
 * The new post as its author sees it once the media worker is done with its photo (published, waiting for a
 * moderator, or refused), or still `processing` when the wait ran out. A read, so the route still makes one call that
 * changes state.
 */
export async function awaitPhoto(
  content: ServiceClient<ContentDefinition>,
  ref: { postId: string; viewerId: string },
  created: ContentFeedItem,
): Promise<ContentFeedItem> {
  const deadline = Date.now() + PHOTO_WAIT_MS;
  let item = created;
  for (let pause = FIRST_PAUSE_MS; item.post?.status === 'processing' && Date.now() < deadline;) {
    await sleep(pause);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    item = await content.GetPost(ref);
  }
  return item;
}
