/** Content as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readContentConfig } from './config.js';
import { startContentService } from './service.js';

runServiceMain({
  name: 'content',
  readConfig: readContentConfig,
  start: ({ config, adapters, logger, address, serviceTokenSecret }) =>
    startContentService({
      address,
      serviceTokenSecret,
      documents: adapters.documents,
      events: adapters.events,
      objects: adapters.objects,
      logger,
      approval: config.POST_APPROVAL,
    }),
  serving: (_service, config) => ({ postApproval: config.POST_APPROVAL }),
});
