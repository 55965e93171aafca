import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

/**
 * How the benches load a server: this many connections for this long, from this process (the other core).
 * BENCH_DURATION_S shortens a smoke run.
 */
export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/** Requests per second, p50 and p99 of GETs at `url`; any error or non-2xx answer under load fails the bench. */
export async function load(url: string, headers: Record<string, string>, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * The rate things arrived at, from their arrival times (ms): at the offered rate when the server kept up, below it
 * when the arrivals spread past the sending. Not their count over a span that also holds the drain after the
 * sending ended, which stays under the offered rate however fast the server is.
 */
export function arrivalRate(arrivals: readonly number[]): number {
  if (arrivals.length < 2) return 0;
  return (arrivals.length - 1) / ((Math.max(...arrivals) - Math.min(...arrivals)) / 1000);
}

/** A process's resident memory, in MB. */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}
