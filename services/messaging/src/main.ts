/** Messaging as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { debitsInBatches, walletDefinition } from '@tip/wallet/contract';
import { readMessagingConfig } from './config.js';
import { startMessagingService } from './service.js';

runServiceMain({
  name: 'messaging',
  readConfig: readMessagingConfig,
  start: (runtime, config, connect) =>
    startMessagingService({ ...runtime, wallet: debitsInBatches(connect(walletDefinition(), config.WALLET_ADDR)) }),
});
