/**
 * `npm start`: the whole platform, with the embedded engines unless real ones are configured, in WORKERS processes
 * (one per core by default) that share the HTTP port and DATA_DIR; WORKERS=1 runs it in this one process.
 *
 * The primary loads no service: what it needs comes from the platform's supervisor kit, and the whole configuration
 * is read (and refused, naming the variable) by the platform in each worker; the primary reads its own part.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import {
  createLogger,
  engineConfigSchema,
  keepDataDirPrivate,
  loadConfig,
  metricsOfWorkers,
  refuseLegacyData,
  runMain,
  startMetricsServer,
  stopOnSignals,
  type Logger,
  type MetricsServer,
} from '@tip/platform/supervisor';
import { startWorkers } from './workers/primary.js';
import { workerSlot, workersSetting } from './workers/worker-slot.js';

/** What the primary reads of the environment: where the data is, its log and metrics, and how many workers. */
const primaryConfigSchema = engineConfigSchema
  .pick({
    DATA_DIR: true,
    MONGO_URL: true,
    KAFKA_BROKERS: true,
    LOG_LEVEL: true,
    METRICS_PORT: true,
    METRICS_HOST: true,
  })
  .extend({ WORKERS: workersSetting });
type PrimaryConfig = ReturnType<typeof primaryConfigSchema.parse>;

runMain(async () => {
  const runPlatform = async (slot: number | undefined) => (await import('./platform-main.js')).runPlatform(slot);
  if (cluster.isWorker) return runPlatform(workerSlot());
  const config = loadConfig(primaryConfigSchema);
  const logger = createLogger('tip', config.LOG_LEVEL);
  await refuseLegacyData(config.DATA_DIR, { documents: !config.MONGO_URL, events: !config.KAFKA_BROKERS });
  await keepDataDirPrivate(config.DATA_DIR, logger);
  const workers = config.WORKERS ?? availableParallelism();
  if (workers === 1) return runPlatform(undefined);
  return runPrimary(config, logger, workers);
});

/** The primary: the workers, and the metrics they all report, on one port. */
async function runPrimary(config: PrimaryConfig, logger: Logger, count: number): Promise<void> {
  let stopping: Promise<void> | undefined;
  let metrics: MetricsServer | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await metrics?.stop();
      await running.stop();
    })());
  const running = startWorkers({
    count,
    logger,
    // A platform whose workers keep crashing stops, for whatever runs it (systemd, a terminal) to see.
    onGiveUp: () => void stopAll().then(() => process.exit(1)),
  });
  // Before the workers serve: a signal during the start stops them too, and the primary exits 0.
  stopOnSignals(logger, stopAll);
  const { url } = await running.ready;
  if (stopping) return;
  if (config.METRICS_PORT) {
    metrics = await startMetricsServer({
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      logger,
      source: metricsOfWorkers(),
    });
  }
  logger.info(
    { url, dataDir: resolve(config.DATA_DIR), workers: count, pids: running.pids() },
    `Tip is running on ${count} workers: open ${url}`,
  );
}
