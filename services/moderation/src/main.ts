/**
 * Moderation as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, createAdapters, createLogger, runMain, stopOnSignals } from '@tip/platform';
import { readModerationConfig } from './config.js';
import { startModerationService } from './service.js';

runMain(async () => {
  const config = readModerationConfig();
  const logger = createLogger('moderation', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'moderation'), logger });
  const service = await startModerationService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    documents: adapters.documents,
    events: adapters.events,
    logger,
  }).catch(async (error: unknown) => {
    await adapters.close();
    throw error;
  });
  logger.info({ address: service.address }, 'moderation is serving');
  stopOnSignals(logger, async () => {
    await service.stop();
    await adapters.close();
  });
});
