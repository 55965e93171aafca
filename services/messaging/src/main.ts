/** Messaging as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readMessagingConfig } from './config.js';
import { startMessagingService } from './service.js';

runServiceMain({
  name: 'messaging',
  readConfig: readMessagingConfig,
  start: startMessagingService,
});
