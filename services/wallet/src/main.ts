/**
 * The wallet as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT.
 */
import { adapterOptionsFrom, createAdapters, createLogger, runMain, stopOnSignals } from '@tip/platform';
import { readWalletConfig, stripeSettings } from './config.js';
import { startWalletService } from './service.js';

runMain(async () => {
  const config = readWalletConfig();
  const logger = createLogger('wallet', config.LOG_LEVEL);
  const adapters = await createAdapters({ ...adapterOptionsFrom(config, 'wallet'), logger });
  const stripe = stripeSettings(config);
  const service = await startWalletService({
    address: `0.0.0.0:${config.GRPC_PORT}`,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    documents: adapters.documents,
    events: adapters.events,
    logger,
    stripe,
  }).catch(async (error: unknown) => {
    await adapters.close();
    throw error;
  });
  logger.info({ address: service.address, payments: stripe ? 'stripe' : 'demo' }, 'wallet is serving');
  stopOnSignals(logger, async () => {
    await service.stop();
    await adapters.close();
  });
});
