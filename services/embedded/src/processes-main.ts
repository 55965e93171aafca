/**
 * `npm run start:processes`: the platform on one machine with every core in use. Each service and the BFF run as a
 * process of their own (process-platform.ts) over one DATA_DIR: each service keeps its documents in
 * `DATA_DIR/<service>/`, and all of them share the event log (`DATA_DIR/events.sqlite`: SQLite in WAL mode lets
 * several processes write it) and the media.
 */
import { createLogger, keepDataDirPrivate, loadConfig, runMain } from '@tip/platform';
import { resolve } from 'node:path';
import { testDataEnabled } from '@tip/bff';
import { embeddedConfigSchema } from './platform.js';
import { launchProcesses } from './process-platform.js';

runMain(async () => {
  // The same settings as `npm start`, checked before anything starts.
  const config = loadConfig(embeddedConfigSchema);
  testDataEnabled(config);
  const logger = createLogger('tip', config.LOG_LEVEL);
  const dataDir = resolve(config.DATA_DIR);
  // Before the processes start, which create what they write private (runMain).
  await keepDataDirPrivate(dataDir, logger);
  let stopping: Promise<number> | undefined;
  const stopAll = () => (stopping ??= platform.stop());
  const platform = await launchProcesses({
    config,
    dataDir,
    logger,
    bffPorts: [config.PORT],
    // A process that keeps crashing takes the platform down with it, for whatever runs it (systemd, a terminal) to see.
    onGiveUp: () => void stopAll().then(() => process.exit(1)),
  });
  logger.info({ dataDir, pids: platform.pids() }, 'Tip is starting, one process per service');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'stopping every process: requests in flight finish, stores flush');
      void stopAll().then((code) => process.exit(code));
    });
  }
});
