/**
 * Messaging as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, createAdapters, createLogger, runMain, stopOnSignals } from '@tip/platform';
import { readMessagingConfig } from './config.js';
import { startMessagingService } from './service.js';

runMain(async () => {
  const config = readMessagingConfig();
  const logger = createLogger('messaging', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'messaging'), logger });
  const service = await startMessagingService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    documents: adapters.documents,
    events: adapters.events,
    logger,
  }).catch(async (error: unknown) => {
    await adapters.close();
    throw error;
  });
  logger.info({ address: service.address }, 'messaging is serving');
  stopOnSignals(logger, async () => {
    await service.stop();
    await adapters.close();
  });
});
