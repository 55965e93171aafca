import type { ModerationContext } from './context.js';
import { unlessGone } from './unless-gone.js';

/** How long a decision's answer waits at most for its owner to show it: far beyond the event's usual milliseconds. */
const OWNER_WAIT_MS = 2_000;
const LOOK_AGAIN_MS = 10;

/**
 * Waits until the owner of a decision's subject shows it applied (`shows`, a read of the owner; null when the member
 * or post is gone), at most OWNER_WAIT_MS: the owner applies it from the decision's event, the one path, and the
 * admin's answer comes once the member's or the post's next page shows it. Beyond, the answer goes anyway, logged.
 */
export async function ownerApplied(
  context: ModerationContext,
  subject: { owner: 'identity' | 'content'; id: string },
  shows: () => Promise<boolean | null>,
): Promise<void> {
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    if ((await shows().catch(unlessGone)) !== false) return;
    if (Date.now() >= deadline) {
      context.logger.warn(subject, 'a decision is answered before its owner applied it: its consumer lags');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
  }
}
