/** Notifications as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { messagingDefinition } from '@tip/messaging/contract';
import { notificationsSettings, readNotificationsConfig } from './config.js';
import { startNotificationsService } from './service.js';

runServiceMain({
  name: 'notifications',
  readConfig: readNotificationsConfig,
  start: (runtime, config, connect) =>
    startNotificationsService({
      ...runtime,
      ...notificationsSettings(config),
      messaging: connect(messagingDefinition(), config.MESSAGING_ADDR),
    }),
});
