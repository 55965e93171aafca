import { ConfigError } from '../config/load-config.js';
import { LegacyDataError } from '../adapters/legacy/legacy-layout.js';
import type { Logger } from '../logging/logger.js';
import { keepNewFilesPrivate } from './private-files.js';

/**
 * Runs a process's entry point, whatever it creates private to its account (keepNewFilesPrivate). A failed start
 * exits with 1; a configuration problem or a data directory of the earlier version prints only its message, which
 * says what to do, because a stack trace would bury it.
 */
export function runMain(main: () => Promise<void>): void {
  keepNewFilesPrivate();
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof LegacyDataError ? error.message : error);
    process.exit(1);
  });
}

/**
 * How long the stop of a process of the distributed shape (a service, the BFF) may take before it gives up and exits 1
 * (stopOnSignals' budgetMs): within Kubernetes' default 30 s between SIGTERM and SIGKILL, so that a stop that hangs
 * says so. Cutting it short loses nothing: the state is in the engines, outboxes are swept again, and events not yet
 * committed are delivered again.
 */
export const PROCESS_STOP_BUDGET_MS = 20_000;

/**
 * On the first SIGINT or SIGTERM: stop (requests in flight finish, stores flush), then exit 0, or 1 if that failed. With
 * `budgetMs`, a stop still running after it is given up: the process logs so and exits 1, rather than hang until its
 * supervisor kills it without a word.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>, options: { budgetMs?: number } = {}): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight, then flushing the stores');
    const { budgetMs } = options;
    (budgetMs === undefined ? stop().then(() => true) : stopsWithin(stop, budgetMs)).then(
      (stopped) => {
        if (stopped) logger.info('stopped');
        else logger.error({ budgetMs }, 'still stopping when the budget ran out: exiting without the rest');
        process.exit(stopped ? 0 : 1);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Runs `stop`: true once it finished, false if `budgetMs` passed first (it is then left to run); rejects as it does. */
export async function stopsWithin(stop: () => Promise<void>, budgetMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), budgetMs)));
  try {
    return await Promise.race([stop().then(() => true as const), budget]);
  } finally {
    clearTimeout(timer);
  }
}
