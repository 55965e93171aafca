import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A V8 CPU profile, as `node --cpu-prof` writes it. */
interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[];
  /** When it began, in microseconds of the monotonic clock `process.hrtime` reads too (on Linux). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of the monotonic clock, in microseconds: `process.hrtime.bigint() / 1000n` at its start and end. */
export interface ClockWindow {
  fromUs: number;
  toUs: number;
}

/** Now on the clock CPU profiles are timed with, in microseconds. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The code that observes a request rather than serving it, by part: metrics, tracing, logging (with the request's id
 * and context) and the compression decision. Matched against a frame's script URL.
 */
const INSTRUMENTATION = {
  metrics: [/node_modules\/prom-client\//, /platform\/dist\/metrics\//, /bff\/dist\/http\/request-metrics\.js$/],
  tracing: [/node_modules\/@opentelemetry\//, /platform\/dist\/tracing\//],
  logging: [
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//,
    /platform\/dist\/logging\//,
    /bff\/dist\/http\/(request-log|request-id)\.js$/,
  ],
  compression: [/bff\/dist\/http\/compression\.js$/],
} as const;
export type InstrumentationPart = keyof typeof INSTRUMENTATION;
const PARTS = Object.keys(INSTRUMENTATION) as InstrumentationPart[];

/** Frames that are not a script of the application's: V8's and Node's own, which work on behalf of their caller. */
const runtimeFrame = (url: string) => url === '' || url.startsWith('node:');

/**
 * Which share of a process's busy CPU time went to each part of the instrumentation: each sample is charged to the
 * nearest script of the application's on its stack (so the runtime's work, such as AsyncLocalStorage's, counts for the
 * code that asked for it). Only samples taken within `window` count (the load, not the start-up's module loading).
 * Idle time and V8's own (program) are left out; the garbage collector's stays in the whole, charged to nobody.
 */
export function instrumentationShares(profile: CpuProfile, window: ClockWindow): Record<InstrumentationPart, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const charged = new Map<number, InstrumentationPart | null>();
  const partOf = (id: number): InstrumentationPart | null => {
    const known = charged.get(id);
    if (known !== undefined) return known;
    const url = byId.get(id)?.callFrame.url ?? '';
    const parent = parentOf.get(id);
    const part =
      runtimeFrame(url) && parent !== undefined
        ? partOf(parent)
        : (PARTS.find((name) => INSTRUMENTATION[name].some((pattern) => pattern.test(url))) ?? null);
    charged.set(id, part);
    return part;
  };
  let busy = 0;
  const spent = Object.fromEntries(PARTS.map((name) => [name, 0])) as Record<InstrumentationPart, number>;
  let at = profile.startTime;
  profile.samples.forEach((id, n) => {
    const delta = profile.timeDeltas[n] ?? 0;
    at += delta;
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (at < window.fromUs || at > window.toUs || name === '(idle)' || name === '(program)') return;
    busy += delta;
    const part = partOf(id);
    if (part) spent[part] += delta;
  });
  return Object.fromEntries(PARTS.map((name) => [name, busy === 0 ? 0 : spent[name] / busy])) as Record<
    InstrumentationPart,
    number
  >;
}

/**
 * The main thread's profile among those `node --cpu-prof --cpu-prof-dir=<dir>` wrote there (each worker thread writes
 * its own, `CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`, the main thread's numbered 0): requests are served there.
 */
export function readProfile(dir: string): CpuProfile {
  const main = readdirSync(dir).filter((file) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(file));
  if (main.length !== 1) throw new Error(`expected one main thread's CPU profile in ${dir}, found ${main.length}`);
  return JSON.parse(readFileSync(join(dir, main[0] ?? ''), 'utf8')) as CpuProfile;
}
