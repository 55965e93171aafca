/**
 * Content as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, createAdapters, createLogger, runMain, stopOnSignals } from '@tip/platform';
import { readContentConfig } from './config.js';
import { startContentService } from './service.js';

runMain(async () => {
  const config = readContentConfig();
  const logger = createLogger('content', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'content'), logger });
  const service = await startContentService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    documents: adapters.documents,
    events: adapters.events,
    objects: adapters.objects,
    logger,
    approval: config.POST_APPROVAL,
  }).catch(async (error: unknown) => {
    await adapters.close();
    throw error;
  });
  logger.info({ address: service.address, postApproval: config.POST_APPROVAL }, 'content is serving');
  stopOnSignals(logger, async () => {
    await service.stop();
    await adapters.close();
  });
});
