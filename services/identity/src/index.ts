export { startIdentityService, type IdentityServiceOptions, type RunningIdentityService } from './service.js';
export type { AdminCredentials } from './app/ensure-admin.js';
export { identityAdmin, identityConfigSchema, readIdentityConfig, type IdentityConfig } from './config.js';
export { mailConfigShape, mailOptionsFrom, type IdentityMailOptions } from './mail-settings.js';
export { adminSecondFactorPolicy, secondFactorConfigShape } from './second-factor-settings.js';
