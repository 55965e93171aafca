import { scaled } from './time-scale.js';

/**
 * Polls until `check` returns true, for effects that arrive asynchronously (pushed events, pub/sub messages). The
 * budget is the CI machine's, scaled for this one; it only ends a wait that is stuck.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  budgetMs = 5000,
  what = 'the condition',
): Promise<void> {
  const timeoutMs = scaled(budgetMs);
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets time pass, to show that something does not happen. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
