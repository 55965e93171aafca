/** Moderation as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { readModerationConfig } from './config.js';
import { startModerationService } from './service.js';

runServiceMain({
  name: 'moderation',
  readConfig: readModerationConfig,
  start: startModerationService,
});
