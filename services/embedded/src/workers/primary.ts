import { setupPrimary } from '@socket.io/cluster-adapter';
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@tip/platform/supervisor';
import { crashCounter, DEFAULT_RESTART_POLICY, type RestartPolicy } from '../supervisor.js';
import { readyUrlOf, WORKER_SLOT } from './worker-slot.js';

/** How long a worker may take to stop cleanly (its requests, its stores' flush) before it is killed. */
const STOP_GRACE_MS = 30_000;
/**
 * A worker's young generation at most half V8's default: idle, a worker's resident memory was mostly its semi-spaces,
 * which its timers' allocations fill (212 MB against 193 MB with this, and the feed's live mix within the noise;
 * 8 MB cost the session read a tenth).
 */
const WORKER_V8_FLAGS = ['--max-semi-space-size=16'];

export interface RunningWorkers {
  /**
   * Resolves once every worker serves, with the address the first said it serves on; rejects (having stopped them)
   * when one fails its first start.
   */
  ready: Promise<{ url: string }>;
  /** Each slot's process id now (a new one after a restart). */
  pids(): number[];
  /** Stops every worker (SIGTERM, SIGKILL after the grace); resolves once all have exited. */
  stop(): Promise<void>;
}

/**
 * npm start's primary: runs `count` workers, each the whole platform (startPlatform) on the one DATA_DIR, sharing
 * the HTTP port through node:cluster (which hands each new connection to the next worker in turn). Slot 1 starts
 * first and alone, so that what a first start creates once (the first admin, the session secret, notifications' keys)
 * is created by one process; the others start once it serves. A worker that stops on its own is started again in its
 * slot (the same consumer groups, so its followers go on where it stopped), after a pause that grows with each crash;
 * crashes faster than `policy` allows, or a worker failing its first start, stop the platform (`onGiveUp`). Socket.IO's
 * cluster adapter is relayed here, so every worker's broadcasts reach the others' sockets.
 */
export function startWorkers(options: {
  count: number;
  logger: Logger;
  onGiveUp: () => void;
  policy?: RestartPolicy;
}): RunningWorkers {
  const { count, logger, onGiveUp, policy = DEFAULT_RESTART_POLICY } = options;
  // The cluster adapter's other half (the workers' BFFs use createAdapter): broadcasts reach every worker's sockets.
  setupPrimary();
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_V8_FLAGS] });
  const slots = new Map<number, Worker>();
  const crashes = crashCounter(policy);
  let stopping = false;
  const restarts = new Set<NodeJS.Timeout>();

  const fork = (slot: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [WORKER_SLOT]: String(slot) });
      slots.set(slot, worker);
      let ready = false;
      worker.on('message', (message: unknown) => {
        const url = readyUrlOf(message);
        if (url === undefined || ready) return;
        ready = true;
        logger.info({ worker: slot, pid: worker.process.pid }, 'worker serving');
        resolve(url);
      });
      worker.once('exit', (code, signal) => {
        if (slots.get(slot) === worker) slots.delete(slot);
        if (stopping) return;
        if (!ready) {
          reject(new Error(`worker ${slot} stopped (${signal ?? `exit code ${code}`}) before it served`));
          return;
        }
        const delayMs = crashes.crashed();
        if (delayMs === null) {
          logger.error({ worker: slot, code, signal }, 'workers keep stopping: stopping the platform');
          onGiveUp();
          return;
        }
        logger.error({ worker: slot, code, signal, delayMs }, 'a worker stopped: starting it again');
        const timer = setTimeout(() => {
          restarts.delete(timer);
          fork(slot).catch((error: unknown) => {
            logger.error({ err: error, worker: slot }, 'a restarted worker did not serve: stopping the platform');
            onGiveUp();
          });
        }, delayMs);
        restarts.add(timer);
      });
    });

  const stop = async () => {
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    await Promise.all([...slots.values()].map((worker) => stopWorker(worker)));
  };
  const ready = (async () => {
    try {
      const url = await fork(1);
      if (!stopping) await Promise.all(Array.from({ length: count - 1 }, (_, n) => fork(n + 2)));
      return { url };
    } catch (error) {
      await stop();
      throw error;
    }
  })();
  return {
    ready,
    pids: () => [...slots.entries()].sort(([a], [b]) => a - b).map(([, worker]) => worker.process.pid ?? 0),
    stop,
  };
}

function stopWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // The worker stops as on a signal of its own (stopOnSignals): requests in flight finish, the stores flush.
    worker.process.kill('SIGTERM');
  });
}
