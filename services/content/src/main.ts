/** Content as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { debitsInBatches, walletDefinition } from '@tip/wallet/contract';
import { readContentConfig } from './config.js';
import { startContentService } from './service.js';

runServiceMain({
  name: 'content',
  readConfig: readContentConfig,
  start: (runtime, config, connect) =>
    startContentService({
      ...runtime,
      approval: config.POST_APPROVAL,
      mediaWorker: config.MEDIA_WORKER,
      wallet: debitsInBatches(connect(walletDefinition(), config.WALLET_ADDR)),
    }),
  serving: (_service, config) => ({ postApproval: config.POST_APPROVAL, mediaWorker: config.MEDIA_WORKER }),
});
