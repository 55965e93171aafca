/** npm start's platform in this process: alone (WORKERS=1) or as one of the primary's workers. */
import { resolve } from 'node:path';
import { createLogger, loadConfig, startTracing, stopOnSignals, type Logger } from '@tip/platform';
import { embeddedConfigSchema, startPlatform, type EmbeddedConfig } from './platform.js';
import { announceReady } from './workers/worker-slot.js';

/** The whole platform in this process: alone (`slot` undefined) or as the worker in `slot`. */
export async function runPlatform(slot: number | undefined): Promise<void> {
  const config = loadConfig(embeddedConfigSchema);
  const logger = createLogger('tip', config.LOG_LEVEL);
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
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (slot === undefined) logger.info({ url, dataDir: resolve(config.DATA_DIR) }, `Tip is running: open ${url}`);
  else announceReady(url);
  // What a first start creates is created once, by the process that starts alone (the workers' first slot).
  if (slot === undefined || slot === 1) {
    tellWhichPayments(config, logger);
    tellHowToSignIn(config, logger, platform.adminCreated);
  }
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
