import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

/**
 * How the benches load a server: this many connections for this long, from this process (the other core).
 * BENCH_DURATION_S shortens a smoke run.
 */
export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/**
 * 2xx answers per second, p50 and p99 of GETs at `url`. An error or a non-2xx answer under load fails the bench, but
 * for the admission gate's refusals: a load past the machine's knee may cross the gate for a moment (503), and one
 * session's 50 connections its share in flight (429, ADMISSION_MAX_IN_FLIGHT_PER_MEMBER), so those are told (printed)
 * and left out of the rate, as the live mix counts them.
 */
export async function load(url: string, headers: Record<string, string>, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  const refused = (['503', '429'] as const).map((status) => result.statusCodeStats?.[status]?.count ?? 0);
  const busy = refused.reduce((sum, count) => sum + count, 0);
  if (result.non2xx > busy || result.errors > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${url}: ${result.non2xx} non-2xx answers (${statuses}) and ${result.errors} errors under load`);
  }
  if (busy > 0) {
    const [serverBusy, memberBusy] = refused;
    console.log(
      `${url}: ${busy} of ${result.non2xx + result['2xx']} answers refused at the gate (${serverBusy} × 503, ${memberBusy} × 429), not counted`,
    );
  }
  const answered = result['2xx'] / (result['2xx'] + busy);
  return { rps: result.requests.average * answered, p50: result.latency.p50, p99: result.latency.p99 };
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
