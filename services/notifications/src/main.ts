/** Notifications as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { messagingDefinition } from '@tip/messaging/contract';
import { pushSettings, readNotificationsConfig } from './config.js';
import { startNotificationsService } from './service.js';

runServiceMain({
  name: 'notifications',
  readConfig: readNotificationsConfig,
  start: (runtime, config, connect) =>
    startNotificationsService({
      ...runtime,
      ...pushSettings(config),
      premiumSweepIntervalMs: config.PREMIUM_SWEEP_INTERVAL_MS,
      messaging: connect(messagingDefinition(), config.MESSAGING_ADDR),
    }),
});
