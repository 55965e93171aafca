/** The wallet as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readWalletConfig, stripeSettings } from './config.js';
import { startWalletService } from './service.js';

runServiceMain({
  name: 'wallet',
  readConfig: readWalletConfig,
  start: ({ config, adapters, logger, address, serviceTokenSecret }) =>
    startWalletService({
      address,
      serviceTokenSecret,
      documents: adapters.documents,
      events: adapters.events,
      logger,
      stripe: stripeSettings(config),
    }),
  serving: (_service, config) => ({ payments: stripeSettings(config) ? 'stripe' : 'demo' }),
});
