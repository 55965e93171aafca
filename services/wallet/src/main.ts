/** The wallet as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { identityDefinition } from '@tip/identity/contract';
import { readWalletConfig, stripeSettings } from './config.js';
import { startWalletService } from './service.js';

runServiceMain({
  name: 'wallet',
  readConfig: readWalletConfig,
  start: (runtime, config, connect) =>
    startWalletService({
      ...runtime,
      stripe: stripeSettings(config),
      identity: connect(identityDefinition(), config.IDENTITY_ADDR),
      integrityCheckIntervalMs: config.LEDGER_CHECK_INTERVAL_MS,
    }),
  serving: (_service, config) => ({ payments: stripeSettings(config) ? 'stripe' : 'demo' }),
});
