/** The thresholds past which the BFF refuses work instead of queueing it (ADMISSION_* in the README). */
export interface AdmissionLimits {
  /**
   * The event loop's recent delay (its mean over the last sampling window, beyond the interval of the timer that
   * measures it: 0 for a loop that runs every timer on time), in milliseconds.
   */
  maxEventLoopDelayMs: number;
  /** Requests admitted and not yet answered, all members and visitors together. */
  maxInFlight: number;
  /** Requests of one session admitted and not yet answered. */
  maxInFlightPerMember: number;
}

/** The load a request arrives into. */
export interface Load {
  eventLoopDelayMs: number;
  inFlight: number;
  /** The requesting session's requests in flight; 0 for a visitor. */
  memberInFlight: number;
}

export type Admission =
  | { admit: true }
  | { admit: false; status: 429 | 503; reason: 'member' | 'in-flight' | 'event-loop'; retryAfterSeconds: number };

/** The longest wait a refusal asks for: past it, a member would rather be told the server is down. */
export const MAX_RETRY_AFTER_SECONDS = 10;

/**
 * Whether a request is served now or refused at once. One session with its own share of the work in flight is told
 * 429 (it floods; the others are still served), checked first so that a flood is named as such even when it is what
 * overloads the server; past either server-wide threshold, everyone is told 503. Retry-After grows with how far past
 * its threshold the load is (1 s just past it, at most MAX_RETRY_AFTER_SECONDS), so that clients spread their retries
 * the more the server is behind.
 */
export function decideAdmission(load: Load, limits: AdmissionLimits): Admission {
  if (load.memberInFlight >= limits.maxInFlightPerMember)
    return { admit: false, status: 429, reason: 'member', retryAfterSeconds: 1 };
  const delayRatio = load.eventLoopDelayMs / limits.maxEventLoopDelayMs;
  if (delayRatio > 1) return { admit: false, status: 503, reason: 'event-loop', retryAfterSeconds: wait(delayRatio) };
  if (load.inFlight >= limits.maxInFlight)
    return {
      admit: false,
      status: 503,
      reason: 'in-flight',
      retryAfterSeconds: wait(load.inFlight / limits.maxInFlight),
    };
  return { admit: true };
}

const wait = (ratio: number) => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(ratio)));
