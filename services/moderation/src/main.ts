/** Moderation as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { contentDefinition } from '@tip/content/contract';
import { identityDefinition } from '@tip/identity/contract';
import { readModerationConfig } from './config.js';
import { startModerationService } from './service.js';

runServiceMain({
  name: 'moderation',
  readConfig: readModerationConfig,
  start: (runtime, config, connect) =>
    startModerationService({
      ...runtime,
      identity: connect(identityDefinition(), config.IDENTITY_ADDR),
      content: connect(contentDefinition(), config.CONTENT_ADDR),
    }),
});
