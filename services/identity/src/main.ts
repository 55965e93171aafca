/** Identity as its own process (the distributed shape). */
import { runServiceMain } from '@tip/platform';
import { identityAdmin, readIdentityConfig } from './config.js';
import { mailOptionsFrom } from './mail-settings.js';
import { adminSecondFactorPolicy } from './second-factor-settings.js';
import { startIdentityService } from './service.js';

runServiceMain({
  name: 'identity',
  readConfig: readIdentityConfig,
  start: (runtime, config) =>
    startIdentityService({
      ...runtime,
      admin: identityAdmin(config),
      mail: mailOptionsFrom(config, runtime.logger),
      adminSecondFactor: adminSecondFactorPolicy(config),
    }),
  serving: (service, _config, logger) => {
    if (service.adminCreated) {
      logger.warn(service.adminCreated, 'created the first admin; its password is shown only this once');
    }
    return {};
  },
});
