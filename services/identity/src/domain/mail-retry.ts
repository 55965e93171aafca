/** A mail that failed waits 5 s, then twice as long after each further failure, 15 minutes at most: never dropped. */
export const MAIL_RETRY = { firstDelayMs: 5_000, maxDelayMs: 15 * 60_000 } as const;

/** How long to wait before the next try of a mail that has failed `failures` times (1 or more). */
export function mailRetryDelayMs(failures: number, retry: { firstDelayMs: number; maxDelayMs: number } = MAIL_RETRY) {
  return Math.min(retry.firstDelayMs * 2 ** Math.max(0, failures - 1), retry.maxDelayMs);
}
