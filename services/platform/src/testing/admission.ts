/**
 * The BFF's settings for a test of flows: a loaded machine (CI's, or one running two suites) delays every event loop
 * past production's threshold, and a race test sends more at once than production's in-flight bounds, so admission
 * control would answer "server busy" to requests the test needs. Every test that starts a BFF is given these; the
 * admission tests (bff/src/admission) set their own bounds, and the benches keep production's.
 */
export const ADMIT_AT_ANY_LOAD = {
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '600000',
  ADMISSION_MAX_IN_FLIGHT: '100000',
  ADMISSION_MAX_IN_FLIGHT_PER_MEMBER: '100000',
} as const;
