export { startIdentityService, type IdentityServiceOptions, type RunningIdentityService } from './service.js';
export type { AdminCredentials } from './app/ensure-admin.js';
export { identityAdmin, identityConfigSchema, readIdentityConfig, type IdentityConfig } from './config.js';
