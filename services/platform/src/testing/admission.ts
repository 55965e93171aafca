/**
 * The BFF's settings for a test of flows: a loaded machine (CI's, or one running two suites) delays every event loop
 * past production's threshold, and admission control would answer "server busy" to requests the test needs. The
 * admission tests (bff/src/admission) and the benches keep production's settings.
 */
export const ADMIT_AT_ANY_LOAD = { ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '600000' } as const;
