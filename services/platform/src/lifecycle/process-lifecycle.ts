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

/** On the first SIGINT or SIGTERM: stop (requests in flight finish, stores flush), then exit 0, or 1 if that failed. */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight, then flushing the stores');
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
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
