/**
 * TEST_TIME_SCALE: the one factor every time budget of the tests is multiplied by (jest's per-test timeout, the
 * browser's step timeout, the kits' readiness and condition waits; `scaled` in @tip/platform/testing applies it).
 * The budgets are written for a machine of the kind CI runs on (2 cores) running two suites at once; a slower or
 * busier machine gets proportionally more time, so a wait fails only on what is really stuck.
 *
 * Given, it is used as is. Otherwise it is measured once, as jest reads its configuration: a small CPU-bound task
 * (JSON round trips, as most of the tests' own work is) is timed a few times, and its median is compared with the
 * time it takes on an idle machine of that kind. The figure goes into the environment, so jest's workers and every
 * process they start read the same one.
 */
import { performance } from 'node:perf_hooks';

/** The task's median on an idle 2-core AMD EPYC (the CI machine), run at real-time priority to keep others off it. */
const REFERENCE_MS = 21.5;
const RUNS = 7;
/**
 * A measure is a moment's: load that comes after it (another run started beside this one, CI's engine build in the
 * background) went unseen, and budgets written for one run ran out in the other. So a measured factor is never below
 * two runs' worth; and never so much that a stuck test hangs the run.
 */
const [MIN_SCALE, MAX_SCALE] = [2, 10];

const records = Array.from({ length: 2000 }, (_, n) => ({ id: `id-${n}`, n, tags: ['a', 'b', String(n)], at: n / 3 }));

function task() {
  let parsed = 0;
  for (let round = 0; round < 10; round += 1) parsed += JSON.parse(JSON.stringify(records)).length;
  return parsed;
}

function measure() {
  task(); // once to warm the JIT up
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round((median / REFERENCE_MS) * 10) / 10));
}

/** The factor for this run: TEST_TIME_SCALE if set (a positive number), else measured now and set for the rest. */
export function testTimeScale() {
  const given = process.env.TEST_TIME_SCALE;
  if (given !== undefined && given !== '') {
    const value = Number(given);
    if (!(value > 0))
      throw new Error(`TEST_TIME_SCALE must be a positive number (1 = the budgets as written), not '${given}'`);
    return value;
  }
  const measured = measure();
  process.env.TEST_TIME_SCALE = String(measured);
  // Said once per run, so that a failed wait's budget can be read against it.
  process.stderr.write(`TEST_TIME_SCALE=${measured} (measured on this machine now; set it to choose)\n`);
  return measured;
}
