/**
 * `npm start`: the whole platform, with the embedded engines unless real ones are configured, in WORKERS processes
 * (one per core by default) that share the HTTP port and DATA_DIR; WORKERS=1 runs it in this one process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import {
  createLogger,
  keepDataDirPrivate,
  loadConfig,
  metricsOfWorkers,
  refuseLegacyData,
  runMain,
  startMetricsServer,
  startTracing,
  stopOnSignals,
  type Logger,
  type MetricsServer,
} from '@tip/platform';
import { embeddedConfigSchema, startPlatform, type EmbeddedConfig } from './platform.js';
import { startWorkers } from './workers/primary.js';
import { announceReady, workerSlot } from './workers/worker-slot.js';

runMain(async () => {
  const config = loadConfig(embeddedConfigSchema);
  const logger = createLogger('tip', config.LOG_LEVEL);
  const workers = config.WORKERS ?? availableParallelism();
  if (cluster.isWorker) return runPlatform(config, logger, workerSlot());
  await refuseLegacyData(config.DATA_DIR, { documents: !config.MONGO_URL, events: !config.KAFKA_BROKERS });
  await keepDataDirPrivate(config.DATA_DIR, logger);
  if (workers === 1) return runPlatform(config, logger, undefined);
  return runPrimary(config, logger, workers);
});

/** The primary: the workers, and the metrics they all report, on one port. */
async function runPrimary(config: EmbeddedConfig, logger: Logger, count: number): Promise<void> {
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
  await running.ready;
  if (stopping) return;
  if (config.METRICS_PORT) {
    metrics = await startMetricsServer({
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      logger,
      source: metricsOfWorkers(),
    });
  }
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  logger.info(
    { url, dataDir: resolve(config.DATA_DIR), workers: count, pids: running.pids() },
    `Tip is running on ${count} workers: open ${url}`,
  );
  tellWhichPayments(config, logger);
}

/** The whole platform in this process: alone (WORKERS=1) or as one of the primary's workers (`slot`). */
async function runPlatform(config: EmbeddedConfig, logger: Logger, slot: number | undefined): Promise<void> {
  const tracing = startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
    logger,
  });
  const platform = await startPlatform(config, logger, slot);
  stopOnSignals(logger, async () => {
    await platform.stop();
    await tracing.stop();
  });
  if (slot === undefined) {
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    logger.info({ url, dataDir: resolve(config.DATA_DIR) }, `Tip is running: open ${url}`);
    tellWhichPayments(config, logger);
  } else {
    announceReady();
  }
  // The first admin is created once, by the process that starts alone (the workers' first slot).
  if (slot === undefined || slot === 1) tellHowToSignIn(config, logger, platform.adminCreated);
}

function tellWhichPayments(config: EmbeddedConfig, logger: Logger): void {
  if (!config.STRIPE_SECRET_KEY) {
    logger.info('Payments: the demo provider (test cards only, no money moves); set the STRIPE_* variables for Stripe');
  }
}

function tellHowToSignIn(
  config: EmbeddedConfig,
  logger: Logger,
  adminCreated: Awaited<ReturnType<typeof startPlatform>>['adminCreated'],
): void {
  if (adminCreated) {
    logger.warn(
      adminCreated,
      `Sign in as admin with ${adminCreated.email} / ${adminCreated.password} (shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)`,
    );
  } else if (config.ADMIN_EMAIL) {
    logger.info(`Sign in as admin with ${config.ADMIN_EMAIL} and the password in ADMIN_PASSWORD`);
  } else {
    logger.info(
      'Sign in as admin with the account printed at the first start, or set ADMIN_EMAIL and ADMIN_PASSWORD to reset it',
    );
  }
}
