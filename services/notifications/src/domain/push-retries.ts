/**
 * When a push that failed is tried again. A push service that answers 429 (too many requests) or a 5xx, or whose
 * connection fails before it answers (a kept-alive connection it closed as the server reused it), may take the same
 * push a moment later; any other answer (400, 403, 413) would be the same again. RFC 8030 lets a push service say
 * when to come back (Retry-After: seconds, or a date).
 */

/** Tries of one push to one device, the first included. */
export const PUSH_ATTEMPTS = 3;
/** The longest wait before a try, whatever Retry-After says: a clean stop waits for the pushes under way. */
export const LONGEST_RETRY_WAIT_MS = 10_000;

/** What a failed try ended with: the push service's status, or none when no answer came; and its Retry-After. */
export interface FailedTry {
  status: number | undefined;
  retryAfter?: string | undefined;
}

/** Whether the push service may take the same push later. */
export const isTransient = (failure: FailedTry): boolean =>
  failure.status === undefined || failure.status === 429 || failure.status >= 500;

/**
 * How long to wait before try `attempt + 1`, after try `attempt` failed as `failure`; null when there is none: the
 * failure would repeat, or the tries are spent. Without Retry-After the waits grow fourfold from `firstWaitMs`.
 */
export function retryWaitMs(attempt: number, failure: FailedTry, firstWaitMs: number, now = Date.now()): number | null {
  if (attempt >= PUSH_ATTEMPTS || !isTransient(failure)) return null;
  const told = retryAfterMs(failure.retryAfter, now);
  return Math.min(told ?? firstWaitMs * 4 ** (attempt - 1), LONGEST_RETRY_WAIT_MS);
}

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
