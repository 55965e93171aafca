/**
 * `npm run bench`, the workers' part: `npm start` with WORKERS=2 against WORKERS=1 in the same run, on the feed
 * bench's data (3,000 approved posts by 30 members) and its live mix (live-mix.ts: 64 connections, first pages, next
 * pages, likes, comments), each shape started afresh on the same data directory, twice, in the order 1, 2, 2, 1
 * (the figures are each shape's mean), so that what else the machine does weighs on both alike. Target: two workers
 * answer at least 1.3 times what one does. Beside it, each process's resident memory once idle (the primary and each worker; target
 * under 200 MB a worker) and their total, next to the single process's.
 *
 * The admission gate stays as production has it: a request it refuses (503 'server busy') is counted, not answered,
 * as is one still unanswered after 10 s, so the ratio is of 2xx answers a second.
 */
import type { NodeProcess } from '@tip/platform/processes';
import { DURATION_S, residentMb } from './measure.js';
import { childPids, settle, startSeeded, withSeededFeed } from './feed-data.js';
import { LIVE_CONNECTIONS, liveMix } from './live-mix.js';
import type { Session } from './members.js';
import { ratioAtLeast, reportTarget, under } from '@tip/platform/bench';

const WORKERS = 2;
const WORKER_RSS_MB = 200;

/** npm start with `workers` on the seeded data, once every worker serves (the primary says so). */
async function startWorkers(workers: number, dataDir: string, port: number, reader: Session) {
  // The primary's 'running' line is at info.
  const env = { WORKERS: String(workers), LOG_LEVEL: 'info' };
  const started = await startSeeded('main.js', dataDir, port, reader, env);
  for (const deadline = Date.now() + 60_000; workers > 1;) {
    if (started.running.output().includes(`running on ${workers} workers`)) break;
    if (Date.now() > deadline) throw new Error(`not every worker serves:\n${started.running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started.running;
}

/** Idle resident memory: the process started, and each it started (npm start's workers), in MB. */
async function idleMemory(running: NodeProcess) {
  await settle();
  const main = residentMb(running.child.pid ?? 0);
  const workers = childPids(running).map(residentMb);
  return { main, workers, total: main + workers.reduce((sum, each) => sum + each, 0) };
}

/** One round: the shape started, its idle memory, the live mix, the shape stopped. */
async function measure(workers: number, dataDir: string, port: number, members: Session[]) {
  const running = await startWorkers(workers, dataDir, port, members[0] as Session);
  try {
    const memory = await idleMemory(running);
    const mix = await liveMix(`http://127.0.0.1:${port}`, members, {}, { countBusy: true, countTimeouts: true });
    return { memory, mix };
  } finally {
    await running.stop();
  }
}

async function main() {
  await withSeededFeed('workers-bench', async ({ dataDir, port, members }) => {
    // ABBA: whatever else the machine does drifts across both shapes alike; each shape's figures are its rounds' mean.
    const rounds: ({ workers: number } & Awaited<ReturnType<typeof measure>>)[] = [];
    for (const workers of [1, WORKERS, WORKERS, 1])
      rounds.push({ workers, ...(await measure(workers, dataDir, port, members)) });
    const shape = (workers: number) => {
      const mine = rounds.filter((round) => round.workers === workers);
      const mean = (figure: (round: (typeof mine)[number]) => number) =>
        mine.reduce((sum, round) => sum + figure(round), 0) / mine.length;
      return {
        mix: {
          answeredRps: mean((round) => round.mix.answeredRps),
          p50: mean((round) => round.mix.p50),
          p99: mean((round) => round.mix.p99),
          busy: mean((round) => round.mix.busy),
          timeouts: mean((round) => round.mix.timeouts),
        },
        memory: (mine[0] as (typeof mine)[number]).memory,
      };
    };
    const [one, two] = [shape(1), shape(WORKERS)];
    console.log(
      `rounds (2xx/s): ${rounds.map((round) => `WORKERS=${round.workers} ${round.mix.answeredRps.toFixed(0)}`).join(', ')}`,
    );
    console.log(`\nworkers: the feed's live mix, ${LIVE_CONNECTIONS} connections, ${DURATION_S} s a case`);
    console.log(
      'case'.padEnd(16),
      '2xx/s'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'busy'.padStart(6),
      'timed out'.padStart(9),
      '  idle resident memory',
    );
    for (const [name, { mix, memory }] of [
      ['WORKERS=1', one],
      [`WORKERS=${WORKERS}`, two],
    ] as const) {
      const processes =
        memory.workers.length === 0
          ? `${memory.main.toFixed(0)} MB`
          : `primary ${memory.main.toFixed(0)} MB, workers ${memory.workers.map((mb) => mb.toFixed(0)).join(' and ')} MB, total ${memory.total.toFixed(0)} MB`;
      console.log(
        name.padEnd(16),
        mix.answeredRps.toFixed(0).padStart(7),
        mix.p50.toFixed(1).padStart(7),
        mix.p99.toFixed(1).padStart(7),
        mix.busy.toFixed(0).padStart(6),
        mix.timeouts.toFixed(0).padStart(9),
        ` ${processes}`,
      );
    }
    reportTarget(
      'workers',
      ratioAtLeast(`live mix, ${WORKERS} workers / 1 (2xx a second)`, two.mix.answeredRps / one.mix.answeredRps, 1.3),
    );
    reportTarget(
      'workers',
      under(
        `largest worker's idle resident memory (total of ${WORKERS} workers and primary ${two.memory.total.toFixed(0)} MB, one process ${one.memory.main.toFixed(0)} MB)`,
        Math.max(...two.memory.workers),
        WORKER_RSS_MB,
        'MB',
      ),
    );
  });
}

await main();
