/** The wallet as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readWalletConfig, stripeSettings } from './config.js';
import { startWalletService } from './service.js';

runServiceMain({
  name: 'wallet',
  readConfig: readWalletConfig,
  start: (runtime, config) => startWalletService({ ...runtime, stripe: stripeSettings(config) }),
  serving: (_service, config) => ({ payments: stripeSettings(config) ? 'stripe' : 'demo' }),
});
