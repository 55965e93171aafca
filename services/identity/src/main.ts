/**
 * Identity as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, ConfigError, createAdapters, createLogger } from '@tip/platform';
import { identityAdmin, readIdentityConfig } from './config.js';
import { startIdentityService } from './service.js';

async function main() {
  const config = readIdentityConfig();
  const logger = createLogger('identity', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'identity'), logger });
  const service = await startIdentityService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
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

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing calls in flight, then flushing the stores');
    service
      .stop()
      .then(() => adapters.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'could not stop cleanly');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
