import { on, type Subscription } from '@tip/platform';
import { SessionEnded } from '@tip/identity/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';
import type { Sessions } from './sessions.js';

/**
 * A session identity ended (from another device, a reset, a second factor added) is refused from now on and its
 * pages here lose their sockets. The route that asked has refused it already; this reaches every replica and the
 * ends identity decided by itself.
 */
export function followSessionEvents(
  options: FollowingHere & { sessions: Sessions; push: Push },
): Promise<Subscription> {
  const { sessions, push } = options;
  return followHere(options, 'sessions', [
    on(SessionEnded, async ({ sessionId }) => {
      await sessions.refuse(sessionId);
      push.endSessionHere(sessionId);
    }),
  ]);
}
