/** `npm start`: the whole platform in one process, with the embedded engines unless real ones are configured. */
import {
  createLogger,
  keepDataDirPrivate,
  loadConfig,
  refuseLegacyData,
  runMain,
  startTracing,
  stopOnSignals,
} from '@tip/platform';
import { resolve } from 'node:path';
import { embeddedConfigSchema, startPlatform } from './platform.js';

runMain(async () => {
  const config = loadConfig(embeddedConfigSchema);
  await refuseLegacyData(config.DATA_DIR, { documents: !config.MONGO_URL, events: !config.KAFKA_BROKERS });
  const logger = createLogger('tip', config.LOG_LEVEL);
  await keepDataDirPrivate(config.DATA_DIR, logger);
  const tracing = startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
    logger,
  });
  const platform = await startPlatform(config, logger);
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  logger.info({ url, dataDir: resolve(config.DATA_DIR) }, `Tip is running: open ${url}`);
  if (!config.STRIPE_SECRET_KEY) {
    logger.info('Payments: the demo provider (test cards only, no money moves); set the STRIPE_* variables for Stripe');
  }
  if (platform.adminCreated) {
    logger.warn(
      platform.adminCreated,
      `Sign in as admin with ${platform.adminCreated.email} / ${platform.adminCreated.password} (shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)`,
    );
  } else if (config.ADMIN_EMAIL) {
    logger.info(`Sign in as admin with ${config.ADMIN_EMAIL} and the password in ADMIN_PASSWORD`);
  } else {
    logger.info(
      'Sign in as admin with the account printed at the first start, or set ADMIN_EMAIL and ADMIN_PASSWORD to reset it',
    );
  }

  stopOnSignals(logger, async () => {
    await platform.stop();
    await tracing.stop();
  });
});
