import { appendFileSync } from 'node:fs';

/** One figure of `npm run bench` set against its target. */
export interface BenchTarget {
  /** What is measured, e.g. "session read / bare node:http". */
  what: string;
  /** The figure, as printed: "0.58", "2,907 req/s", "41 ms". */
  measured: string;
  /** The target, as printed: ">= 0.65", "< 250 ms". */
  target: string;
  met: boolean;
}

/** The file `npm run bench` (scripts/bench.mjs) gathers every bench's targets in, one JSON line each. */
export const BENCH_REPORT_VARIABLE = 'BENCH_REPORT';

/**
 * Prints a figure against its target, and adds it to the run's table when the bench runs under `npm run bench`.
 * Absolute figures move from machine to machine, so a target is a ratio measured in the same run wherever one can be.
 */
export function reportTarget(bench: string, target: BenchTarget): void {
  console.log(`${target.met ? 'met' : 'MISSED'}: ${target.what}: ${target.measured} (target ${target.target})`);
  const report = process.env[BENCH_REPORT_VARIABLE];
  if (report) appendFileSync(report, `${JSON.stringify({ bench, ...target })}\n`);
}

/** A ratio with two decimals, and whether it is at least `least`. */
export function ratioAtLeast(what: string, ratio: number, least: number): BenchTarget {
  return { what, measured: ratio.toFixed(2), target: `>= ${least}`, met: ratio >= least };
}

/** A figure that must stay under `limit`, printed with its unit. */
export function under(what: string, value: number, limit: number, unit: string): BenchTarget {
  return { what, measured: shown(value, unit), target: `< ${shown(limit, unit)}`, met: value < limit };
}

/** A figure that must not pass `most`, printed with its unit. */
export function atMost(what: string, value: number, most: number, unit: string): BenchTarget {
  return { what, measured: shown(value, unit), target: `<= ${shown(most, unit)}`, met: value <= most };
}

/** A figure that must reach `least`, printed with its unit. */
export function atLeast(what: string, value: number, least: number, unit: string): BenchTarget {
  return { what, measured: shown(value, unit), target: `>= ${shown(least, unit)}`, met: value >= least };
}

const shown = (figure: number, unit: string) =>
  `${figure.toLocaleString('en', { maximumFractionDigits: 1 })} ${unit}`.trim();
