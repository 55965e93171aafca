/** Content as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readContentConfig } from './config.js';
import { startContentService } from './service.js';

runServiceMain({
  name: 'content',
  readConfig: readContentConfig,
  start: (runtime, config) => startContentService({ ...runtime, approval: config.POST_APPROVAL }),
  serving: (_service, config) => ({ postApproval: config.POST_APPROVAL }),
});
