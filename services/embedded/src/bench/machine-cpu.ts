import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The kernel's clock ticks a second (USER_HZ), in which /proc/<pid>/stat counts CPU time: 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** Each running process's CPU time so far (user and system) in milliseconds, by pid, with the part it is. */
type Snapshot = Map<string, { part: string; ms: number }>;

/**
 * Which part of the distributed shape a process is, from its command line: a service or the BFF by its built entry
 * (`services/<name>/dist/...`, `bff/dist/...`), an engine by its program; anything else by its program's name.
 */
function partOf(command: string[]): string {
  const entry = command.find((arg) => /\/(services\/[\w-]+|bff)\/dist\//.test(arg));
  if (entry) return /\/services\/([\w-]+)\/dist\//.exec(entry)?.[1] ?? 'bff';
  if (command.includes('kafka.Kafka')) return 'kafka';
  if (command.some((arg) => arg.includes('s3rver'))) return 's3';
  // A kernel thread has no command line; PostgreSQL's processes name themselves `postgres: <role>`.
  const program = (command[0] ?? '').split('/').pop()?.split(' ')[0]?.replace(/:$/, '');
  return program || 'kernel';
}

/** Every process's CPU time now, from Linux's /proc (empty elsewhere). */
function snapshot(): Snapshot {
  const taken: Snapshot = new Map();
  const pids = (() => {
    try {
      return readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return [];
    }
  })();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's name in parentheses: utime and stime are the 12th and 13th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      taken.set(pid, {
        part: partOf(command),
        ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return taken;
}

/** CPU milliseconds a second each part spent between two snapshots `seconds` apart. */
function ratesBetween(before: Snapshot, after: Snapshot, seconds: number): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [pid, { part, ms }] of after) {
    const spent = ms - (before.get(pid)?.ms ?? 0);
    if (spent > 0) rates.set(part, (rates.get(part) ?? 0) + spent / seconds);
  }
  return rates;
}

/** CPU milliseconds a second each part spends while `during` runs. */
async function cpuRates<T>(
  during: () => Promise<T>,
): Promise<{ result: T; rates: Map<string, number>; seconds: number }> {
  const before = snapshot();
  const began = performance.now();
  const result = await during();
  const seconds = (performance.now() - began) / 1000;
  return { result, rates: ratesBetween(before, snapshot(), seconds), seconds };
}

/**
 * What `work` costs each part of the machine in CPU time beyond what it spends at rest (measured for `restMs` just
 * before), per unit of work done (`units` of its result), in milliseconds, largest first; and the machine at rest,
 * in CPU milliseconds a second.
 */
export async function cpuPerUnit<T>(restMs: number, work: () => Promise<T>, units: (result: T) => number) {
  const rest = await cpuRates(() => sleep(restMs));
  const busy = await cpuRates(work);
  const done = Math.max(1, units(busy.result));
  const perUnit = [...busy.rates].map(
    ([part, rate]) => [part, ((rate - (rest.rates.get(part) ?? 0)) * busy.seconds) / done] as const,
  );
  const sorted = (entries: Iterable<readonly [string, number]>) => [...entries].sort((a, b) => b[1] - a[1]);
  return { result: busy.result, perUnit: sorted(perUnit), atRest: sorted(rest.rates) };
}
