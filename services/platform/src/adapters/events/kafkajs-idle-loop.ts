import { createRequire } from 'node:module';

/** What of kafkajs's RequestQueue (one per broker connection) the mend reads and replaces. */
interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own pause before it looks again at requests held back while in flight (CHECK_PENDING_REQUESTS_INTERVAL). */
const RECHECK_MS = 10;

/**
 * kafkajs 2.2.4 checks a connection's waiting requests on a timer that it sets again after every check, for
 * `throttledUntil - now`: negative when the broker never throttled, which Node runs after 1 ms (and warns of, as
 * TimeoutNegativeWarning, from Node 24). So every broker connection of every process wakes a thousand times a second
 * for ever (tulios/kafkajs#1704, #1751; no release carries a fix): 40 ms of CPU a second in each idle service process
 * here. The mend schedules a check only when one can send something: a request waits (after the throttle, or
 * RECHECK_MS while others are in flight, as kafkajs does), or a throttle has yet to end. A request pushed later, and
 * one answered, check the queue themselves.
 */
export function mendKafkajsIdleLoop(): void {
  const require = createRequire(import.meta.url);
  const { prototype } = require('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueue };
  prototype.scheduleCheckPendingRequests = function (this: RequestQueue) {
    if (this.throttleCheckTimeoutId) return;
    const untilUnthrottled = this.throttledUntil - Date.now();
    if (this.pending.length === 0 && untilUnthrottled <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      untilUnthrottled > 0 ? untilUnthrottled : RECHECK_MS,
    );
  };
}
