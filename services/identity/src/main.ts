/**
 * Identity as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, createAdapters, createLogger, runMain, stopOnSignals } from '@tip/platform';
import { identityAdmin, readIdentityConfig } from './config.js';
import { startIdentityService } from './service.js';

runMain(async () => {
  const config = readIdentityConfig();
  const logger = createLogger('identity', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'identity'), logger });
  const service = await startIdentityService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    documents: adapters.documents,
    events: adapters.events,
    objects: adapters.objects,
    logger,
    admin: identityAdmin(config),
  }).catch(async (error: unknown) => {
    await adapters.close();
    throw error;
  });
  logger.info({ address: service.address }, 'identity is serving');
  if (service.adminCreated) {
    logger.warn(service.adminCreated, 'created the first admin; its password is shown only this once');
  }
  stopOnSignals(logger, async () => {
    await service.stop();
    await adapters.close();
  });
});
