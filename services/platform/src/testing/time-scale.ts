/**
 * The tests' time budgets, scaled for this machine. Each budget is written as the time it needs on the CI machine's
 * kind (2 cores, two suites at once); TEST_TIME_SCALE multiplies them all. jest's configuration sets it for a run
 * (measured with scripts/test-time-scale.mjs unless given), so this module only reads it; 1 when a bench or a
 * script runs without jest.
 */
export function timeScale(): number {
  const given = process.env.TEST_TIME_SCALE;
  if (given === undefined || given === '') return 1;
  const value = Number(given);
  if (!(value > 0)) throw new Error(`TEST_TIME_SCALE must be a positive number, not '${given}'`);
  return value;
}

/** `ms` as this machine needs it: the budget written for the CI machine times TEST_TIME_SCALE. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale());
}
